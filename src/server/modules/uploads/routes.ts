import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../../core/app-error.js';
import { callerOf } from '../../http/authenticate.js';
import { readUploadedFile } from '../../http/multipart-file.js';
import type { FileStorage } from '../../storage/storage.js';
import { recordWrite } from '../audit/index.js';
import { MAX_IMAGE_BYTES, normalizeImage } from './image-normalizer.js';
import { createWorkQueue } from './image-queue.js';

const IMAGE_TOO_LARGE = 'Imagem grande demais. Tamanho máximo: 5 MB.';
export const UPLOADS_PER_MINUTE = 30;
export const TOO_MANY_UPLOADS = 'Muitos envios de imagem em pouco tempo. Aguarde um minuto e tente novamente.';

export function uploadRoutes(storage: FileStorage) {
  // At most two images decode at once, four more wait; the rest of the pool threads keep serving files.
  const imageWork = createWorkQueue(2, 4);
  return async (app: FastifyInstance) => {
    const rateLimit = {
      max: UPLOADS_PER_MINUTE,
      timeWindow: '1 minute',
      // Per user, not per address: colleagues behind one restaurant router do not share a budget.
      keyGenerator: (request: FastifyRequest) => `upload:${request.caller?.id ?? request.ip}`,
      errorResponseBuilder: () => appError('too_many_uploads', TOO_MANY_UPLOADS),
    };
    app.post(
      '/api/upload-image',
      { config: { policy: { area: 'uploads', action: 'create' }, audit: 'recorded', rateLimit, writesFiles: true } },
      async (request, reply) => {
        const caller = callerOf(request);
        if (!request.isMultipart()) throw appError('unsupported_media_type', 'Envie a imagem como multipart/form-data no campo "file".');
        const { bytes } = await readUploadedFile(request, {
          field: 'file',
          maxBytes: MAX_IMAGE_BYTES,
          tooLarge: () => appError('too_large', IMAGE_TOO_LARGE),
          missing: () => appError('validation_error', 'Envie a imagem no campo "file".', { file: 'Selecione uma imagem.' }),
        });
        const image = await imageWork(() => normalizeImage(bytes));
        const imageUrl = await storage.save(image.bytes, image.extension);
        // Who sent which file (its address), never its bytes.
        await recordWrite(app.database.db, caller, {
          kind: 'upload',
          id: imageUrl,
          action: 'upload',
          extra: [{ field: 'url', new: imageUrl }],
        });
        return reply.status(201).send({ image_url: imageUrl });
      },
    );
  };
}
