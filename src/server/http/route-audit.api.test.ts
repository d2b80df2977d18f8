import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test-support/file-app.js';
import { isApiWrite } from './route-audit.js';

const t = testAppPerFile();

describe('every /api write route of the app', () => {
  it('says what it leaves in the audit trail: recorded, or none with a reason', () => {
    const writes = t.app.apiRoutes.filter((route) => isApiWrite(route.method, route.url));
    expect(writes.length).toBeGreaterThan(40);
    const undeclared = writes.filter((route) => route.audit === undefined).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    for (const route of writes) {
      if (route.audit !== 'recorded') expect(route.audit?.none.trim().length, `${route.method} ${route.url}`).toBeGreaterThan(3);
    }
    // Sign-in events are the two-step sign-in's (issue 29): they say so, everything else that writes records.
    const none = writes.filter((route) => route.audit !== 'recorded').map((route) => `${route.method} ${route.url}`);
    expect(none.filter((route) => !/\/api\/(auth|account)\b/.test(route))).toEqual([
      'POST /api/invitations/preview',
      'POST /api/lgpd/search',
      'POST /api/public/events',
    ]);
    expect(none.length).toBeGreaterThanOrEqual(7);
  });
});
