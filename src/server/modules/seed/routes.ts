import { seedResultSchema } from '../../../shared/wine-menus.js';
import { callerOf } from '../../http/authenticate.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { SeedService } from './service.js';

export function seedRoutes(service: SeedService) {
  return zodRoutes((r) => {
    r.post(
      '/api/seed/pedra-da-ilha',
      {
        config: { policy: { area: 'seed', action: 'create' }, audit: 'recorded' },
        schema: { response: { 200: seedResultSchema, 201: seedResultSchema } },
      },
      async (request, reply) => {
        const { created, result } = await service.seedPedraDaIlha(callerOf(request));
        return reply.status(created ? 201 : 200).send(result);
      },
    );
  });
}
