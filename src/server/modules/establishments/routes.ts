import { establishmentInputSchema, establishmentListSchema, establishmentSchema } from '../../../shared/establishments.js';
import { callerOf } from '../../http/authenticate.js';
import { registerRecordRoutes } from '../../http/record-routes.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { EstablishmentService } from './service.js';

export function establishmentRoutes(service: EstablishmentService) {
  return zodRoutes((r, app) => {
    // Reads are scoped, not refused: a supplier lists no establishments and gets 404 for one.
    const read = { policy: { area: 'establishments', action: 'read', outOfScope: 'hidden' } } as const;
    r.get('/api/establishments', { config: read, schema: { response: { 200: establishmentListSchema } } }, async (request) =>
      service.listEstablishments(callerOf(request)),
    );
    registerRecordRoutes(app, {
      path: '/api/establishments',
      area: 'establishments',
      hiddenReads: true,
      item: establishmentSchema,
      input: establishmentInputSchema,
      get: service.getEstablishment,
      create: service.createEstablishment,
      update: service.updateEstablishment,
      remove: service.deleteEstablishment,
    });
  });
}
