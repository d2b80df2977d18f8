import { accountSchema, accountUpdateSchema } from '../../../shared/account.js';
import { callerOf } from '../../http/authenticate.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { AccountService } from './service.js';

/** /api/account: the signed-in person's own profile and choices, for every role. */
export function accountRoutes(service: AccountService) {
  return zodRoutes((r) => {
    r.get('/api/account', { config: { policy: 'signed-in' }, schema: { response: { 200: accountSchema } } }, async (request) =>
      service.getAccount(callerOf(request)),
    );
    r.patch(
      '/api/account',
      { config: { policy: 'signed-in', audit: 'recorded' }, schema: { body: accountUpdateSchema, response: { 200: accountSchema } } },
      async (request) => service.updateAccount(callerOf(request), request.body),
    );
  });
}
