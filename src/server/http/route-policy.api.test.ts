import { describe, expect, it } from 'vitest';
import { can, deniedDetail } from '../../shared/access-policy.js';
import type { Role } from '../../shared/roles.js';
import { testAppPerFile, testUsersPerFile } from '../test-support/file-app.js';

const t = testAppPerFile();
const users = testUsersPerFile(t, ['restaurant_manager', 'sommelier', 'supplier']);
const MISSING = '00000000-0000-4000-8000-000000000000';

const urlOf = (route: string) => route.replace(/:[A-Za-z]+/g, MISSING);

describe('every /api route of the app', () => {
  it('declares a policy (the app would not start otherwise) and needs a token unless public', async () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(20);
    for (const route of t.app.apiRoutes.filter((r) => r.policy !== 'public')) {
      const res = await t.app.inject({ method: route.method as 'GET', url: urlOf(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 with the policy text to every role the policy refuses, whatever the body', async () => {
    let refusals = 0;
    for (const route of t.app.apiRoutes) {
      const { policy } = route;
      if (policy === 'public' || policy === 'signed-in' || policy.outOfScope === 'hidden') continue;
      for (const [role, user] of Object.entries(users)) {
        if (can(principalOf(role), policy.area, policy.action as never)) continue;
        const res = await t.call(user, route.method as 'POST', urlOf(route.url), { bogus: true });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ code: 'forbidden', detail: deniedDetail(policy.area, policy.action as never) });
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(10);
  });
});

function principalOf(role: string) {
  return { role: role as Role, establishmentIds: [], supplierId: role === 'supplier' ? MISSING : null };
}
