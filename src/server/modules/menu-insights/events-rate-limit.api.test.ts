import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuEventCounts } from '../../db/schema/index.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { EVENTS_PER_MINUTE } from './routes.js';

const t = testAppPerFile();

describe('POST /api/public/events rate limit', () => {
  it('refuses a source address past the limit per minute with 429 and a pt-BR detail; another address goes on', async () => {
    const est = await createEstablishmentRow(t.db);
    const m = await createMenuRow(t.db, est.id);
    await createMenuWineRow(t.db, m.id, { name: 'Tinto da Casa' });
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/events',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1', 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ type: 'open', menu: `/${est.slug}/${m.slug}`, wine: 'Tinto da Casa' }),
        remoteAddress,
      });
    for (let i = 0; i < EVENTS_PER_MINUTE; i++) expect((await send('203.0.113.50')).statusCode).toBe(204);
    const refused = await send('203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Muitos eventos em pouco tempo. Tente novamente em instantes.');
    expect((await send('203.0.113.51')).statusCode).toBe(204);
    await t.app.menuEvents.flush();
    const [row] = await t.db.select().from(menuEventCounts).where(eq(menuEventCounts.menuId, m.id));
    expect(row?.count).toBe(EVENTS_PER_MINUTE + 1);
  });
});
