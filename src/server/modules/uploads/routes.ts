import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { callerOf } from '../../http/authenticate.js';
import type { FileStorage } from '../../storage/storage.js';
import { MAX_IMAGE_BYTES, normalizeImage } from './image-normalizer.js';

const IMAGE_TOO_LARGE = 'Imagem grande demais. Tamanho máximo: 5 MB.';

export function uploadRoutes(storage: FileStorage) {
  return async (app: FastifyInstance) => {
    app.post('/api/upload-image', { config: { policy: { area: 'uploads', action: 'create' } } }, async (request, reply) => {
      callerOf(request);
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 415, 'Envie a imagem como multipart/form-data no campo "file".');
      const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
      if (file?.fieldname !== 'file')
        throw new AppError('invalid', 400, 'Envie a imagem no campo "file".', { file: 'Selecione uma imagem.' });
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError('too_large', 413, IMAGE_TOO_LARGE) : err;
      });
      const image = await normalizeImage(bytes);
      const imageUrl = await storage.save(image.bytes, image.extension);
      return reply.status(201).send({ image_url: imageUrl });
    });
  };
}
