import { idParamsSchema } from '../../../shared/id-params.js';
import {
  langParamsSchema,
  menuLanguagesSchema,
  offeredLanguagesInputSchema,
  translationsImportSchema,
  translationsInputSchema,
} from '../../../shared/menu-languages.js';
import { MAX_IMPORT_BYTES } from '../../../shared/product-import.js';
import { appError, badRequest } from '../../core/app-error.js';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../http/authenticate.js';
import { readUploadedFile } from '../../http/multipart-file.js';
import { may } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import * as service from './service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NO_FILE = 'Selecione a planilha das traduções.';

export function menuLanguageRoutes(db: Db, deps: service.MenuLanguageDeps) {
  const read = { policy: { area: 'menus', action: 'read', outOfScope: 'hidden' } } as const;
  const write = { ...may('menus', 'update'), audit: 'recorded' } as const;
  return zodRoutes((r) => {
    r.get('/api/wine-menus/:id/translations.xlsx', { config: read, schema: { params: idParamsSchema } }, async (request, reply) => {
      const { fileName, bytes } = await service.exportTranslations(db, callerOf(request), request.params.id);
      return reply
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(bytes);
    });
    r.post(
      '/api/wine-menus/:id/translations/import',
      { config: write, schema: { params: idParamsSchema, response: { 200: translationsImportSchema } } },
      async (request) => {
        if (!request.isMultipart()) throw appError('unsupported_media_type', 'Envie a planilha como multipart/form-data no campo "file".');
        const file = await readUploadedFile(request, {
          field: 'file',
          maxBytes: MAX_IMPORT_BYTES,
          tooLarge: () => appError('too_large', 'Arquivo muito grande. Tamanho máximo: 20 MB.'),
          missing: () => badRequest(NO_FILE, { file: NO_FILE }),
        });
        return service.importTranslations(db, callerOf(request), request.params.id, file.bytes, deps);
      },
    );
    r.get(
      '/api/wine-menus/:id/languages',
      { config: read, schema: { params: idParamsSchema, response: { 200: menuLanguagesSchema } } },
      async (request) => service.getLanguages(db, callerOf(request), request.params.id),
    );
    r.put(
      '/api/wine-menus/:id/languages',
      { config: write, schema: { params: idParamsSchema, body: offeredLanguagesInputSchema, response: { 200: menuLanguagesSchema } } },
      async (request) => service.setOffered(db, callerOf(request), request.params.id, request.body.offered, deps),
    );
    r.put(
      '/api/wine-menus/:id/translations/:lang',
      { config: write, schema: { params: langParamsSchema, body: translationsInputSchema, response: { 200: menuLanguagesSchema } } },
      async (request) => service.saveTranslations(db, callerOf(request), request.params.id, request.params.lang, request.body.texts, deps),
    );
    r.post(
      '/api/wine-menus/:id/translations/:lang/drafts',
      { config: write, schema: { params: langParamsSchema, response: { 200: menuLanguagesSchema } } },
      async (request) => service.draftMissing(db, callerOf(request), request.params.id, request.params.lang, deps),
    );
  });
}
