import { idParamsSchema } from '../../../shared/id-params.js';
import {
  langParamsSchema,
  menuLanguagesSchema,
  offeredLanguagesInputSchema,
  translationsImportSchema,
  translationsInputSchema,
} from '../../../shared/menu-languages.js';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../http/authenticate.js';
import { readSpreadsheetUpload } from '../../http/multipart-file.js';
import { may } from '../../http/route-policy.js';
import { sendSpreadsheet } from '../../http/spreadsheet-download.js';
import { zodRoutes } from '../../http/zod-routes.js';
import * as service from './service.js';

const NO_FILE = 'Selecione a planilha das traduções.';

export function menuLanguageRoutes(db: Db, deps: service.MenuLanguageDeps) {
  const read = { policy: { area: 'menus', action: 'read', outOfScope: 'hidden' } } as const;
  const write = { ...may('menus', 'update'), audit: 'recorded' } as const;
  return zodRoutes((r) => {
    r.get('/api/wine-menus/:id/translations.xlsx', { config: read, schema: { params: idParamsSchema } }, async (request, reply) => {
      const { fileName, bytes } = await service.exportTranslations(db, callerOf(request), request.params.id);
      return sendSpreadsheet(reply, fileName, bytes);
    });
    r.post(
      '/api/wine-menus/:id/translations/import',
      { config: write, schema: { params: idParamsSchema, response: { 200: translationsImportSchema } } },
      async (request) => {
        const file = await readSpreadsheetUpload(request, NO_FILE);
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
