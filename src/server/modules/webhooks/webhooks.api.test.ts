import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deniedDetail } from '../../../shared/access-policy.js';
import type { ApiKeyCreated } from '../../../shared/api-keys.js';
import { WEBHOOK_TEXTS, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../shared/webhooks.js';
import { auditEntries, mailMessages, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { createCatalogWineRow, createSupplierRow, createTeam, createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.js';
import { requestWebhookSweep } from './delivery.js';
import { verifyWebhookSignature } from './signature.js';

// The receiver listens on 127.0.0.2, the one internal address this app may reach: 127.0.0.1 stays refused.
const RECEIVER_HOST = '127.0.0.2';
const PAUSE_AFTER = 3;
const t = testAppPerFile(
  { webhookAllowedHosts: [RECEIVER_HOST] },
  { webhookRetry: { delaySeconds: 0, maxDelaySeconds: 0, giveUpAfterMs: 24 * 60 * 60 * 1000, pauseAfterFailures: PAUSE_AFTER } },
);
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(RECEIVER_HOST);
  // Jobs run when a test drains them, one after the other, as a process would.
  await t.app.jobs.start({ work: false });
});
afterAll(() => receiver?.stop());

const hooksUrl = (establishmentId: string) => `/api/establishments/${establishmentId}/webhooks`;

async function register(manager: TestUser, establishmentId: string, events: string[], url = receiver.url) {
  const res = await t.call(manager, 'POST', hooksUrl(establishmentId), { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WebhookEndpointWithSecret;
}

/** A cellar item with `onHand` bottles and par `par`, and a way to sell one. */
async function cellarItem(manager: TestUser, establishmentId: string, onHand: number, par = 0) {
  const res = await t.call(manager, 'POST', `/api/establishments/${establishmentId}/cellar`, {
    name: `Vinho ${Math.random().toString(36).slice(2, 8)}`,
    on_hand: onHand,
    par_level: par,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().id;
  const move = async (reason: 'sale' | 'delivery', delta: number) => {
    const moved = await t.call(manager, 'POST', `/api/cellar/${id}/movements`, { reason, delta });
    expect(moved.statusCode, moved.body).toBe(201);
  };
  return { id, sell: () => move('sale', -1), deliver: (n: number) => move('delivery', n) };
}

/** What a menu.published event carries (the only data these tests read through `bodies`). */
interface ReceivedEvent {
  id: string;
  type: string;
  data: { change?: string; menu?: { name: string } };
}
const bodies = (from = 0) => receiver.received.slice(from).map((r) => JSON.parse(r.body) as ReceivedEvent);
const deliveriesOf = async (manager: TestUser, establishmentId: string, webhookId: string) => {
  const res = await t.call(manager, 'GET', `${hooksUrl(establishmentId)}/${webhookId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookDelivery[];
};

describe('webhooks on the "Integrações" screen', () => {
  it('a manager registers an address with its events; the secret is shown once, and the list never shows it', async () => {
    const { own, manager } = await createTeam(t.db);
    const created = await register(manager, own.id, ['cellar.sold_out', 'order.created', 'cellar.sold_out']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      establishment_id: own.id,
      url: receiver.url,
      events: ['order.created', 'cellar.sold_out'],
      created_by: manager.email,
      paused_at: null,
      consecutive_failures: 0,
    });
    const list = await t.call(manager, 'GET', hooksUrl(own.id));
    const { secret: _once, ...listed } = created;
    expect(list.json()).toEqual([listed]);
    expect(list.body).not.toContain(created.secret);
    const [entry] = await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, created.id));
    expect(entry).toMatchObject({ recordKind: 'webhook', action: 'create', actorUserId: manager.id });
    expect(JSON.stringify(entry?.changes)).not.toContain(created.secret);
  });

  it('refuses internal addresses, plain http and names that resolve inside, in pt-BR, and saves nothing', async () => {
    const { own, manager } = await createTeam(t.db);
    const cases: [string, string][] = [
      ['http://127.0.0.1:8080/hook', WEBHOOK_TEXTS.httpsRequired],
      ['https://127.0.0.1/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://10.0.0.5/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://192.168.1.20/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_TEXTS.privateAddress],
      ['https://[::1]/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://[::ffff:10.0.0.1]/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://localhost/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://2130706433/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://user:senha@example.com/hook', WEBHOOK_TEXTS.credentialsInUrl],
      ['ftp://example.com/hook', WEBHOOK_TEXTS.urlInvalid],
      ['pdv.exemplo', WEBHOOK_TEXTS.urlInvalid],
      ['https://nao-existe.invalid/hook', WEBHOOK_TEXTS.unresolvable],
    ];
    for (const [url, message] of cases) {
      const res = await t.call(manager, 'POST', hooksUrl(own.id), { url, events: ['order.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields?.url, url).toBe(message);
    }
    const noEvents = await t.call(manager, 'POST', hooksUrl(own.id), { url: receiver.url, events: [] });
    expect(noEvents.json().fields?.events).toBe(WEBHOOK_TEXTS.eventsRequired);
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.establishmentId, own.id))).toEqual([]);
  });

  it('only managers of the establishment (and the admin) see and change its webhooks; a key needs the webhooks scope', async () => {
    const { own, other, manager, sommelier, supplier } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['order.created']);
    for (const user of [sommelier, supplier]) {
      const res = await t.call(user, 'GET', hooksUrl(own.id));
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(deniedDetail('webhooks', 'read'));
    }
    const stranger = await createUser(t.db, 'restaurant_manager', { establishmentIds: [other.id] });
    expect((await t.call(stranger, 'GET', hooksUrl(own.id))).statusCode).toBe(404);
    expect((await t.call(stranger, 'DELETE', `${hooksUrl(other.id)}/${hook.id}`)).statusCode).toBe(404);

    const newKey = async (scopes: string[]) =>
      ((await t.call(manager, 'POST', `/api/establishments/${own.id}/api-keys`, { name: 'Parceiro', scopes })).json() as ApiKeyCreated).key;
    const withScope = await newKey(['webhooks']);
    const listed = await t.call({ token: withScope }, 'GET', hooksUrl(own.id));
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as WebhookEndpoint[]).map((h) => h.id)).toEqual([hook.id]);
    const without = await t.call({ token: await newKey(['orders:read']) }, 'GET', hooksUrl(own.id));
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('api_key_scope_missing');
  });

  it('delivers a signed cellar.sold_out once the last bottle is sold; a new secret signs the next ones', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['cellar.sold_out', 'cellar.low']);
    const item = await cellarItem(manager, own.id, 1);
    const before = receiver.received.length;
    await item.sell();
    await t.app.jobs.drain();

    const [got] = receiver.received.slice(before);
    expect(got).toBeDefined();
    const body = JSON.parse(got?.body ?? '{}');
    expect(body).toMatchObject({
      type: 'cellar.sold_out',
      establishment_id: own.id,
      data: { item: { id: item.id, on_hand: 0, par_level: 0 }, movement: { reason: 'sale', delta: -1 } },
    });
    expect(got?.headers['x-adega-event']).toBe('cellar.sold_out');
    expect(got?.headers['x-adega-event-id']).toBe(body.id);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(verifyWebhookSignature(hook.secret, got?.body ?? '', String(got?.headers['x-adega-signature']))).toBe(true);
    expect(verifyWebhookSignature(hook.secret, `${got?.body} `, String(got?.headers['x-adega-signature']))).toBe(false);
    // Sold out is not also "low": one event.
    expect(receiver.received.length - before).toBe(1);
    const [delivery] = await deliveriesOf(manager, own.id, hook.id);
    expect(delivery).toMatchObject({
      event_id: body.id,
      event: 'cellar.sold_out',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
    });

    const rotated = await t.call(manager, 'POST', `${hooksUrl(own.id)}/${hook.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret: string = rotated.json().secret;
    expect(newSecret).not.toBe(hook.secret);
    await item.deliver(1);
    await item.sell();
    await t.app.jobs.drain();
    const last = receiver.received.at(-1);
    expect(verifyWebhookSignature(newSecret, last?.body ?? '', String(last?.headers['x-adega-signature']))).toBe(true);
    expect(verifyWebhookSignature(hook.secret, last?.body ?? '', String(last?.headers['x-adega-signature']))).toBe(false);
  });

  it('retries after the receiver answers 500, then delivers the same event once it answers 200', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['cellar.low']);
    const item = await cellarItem(manager, own.id, 3, 2);
    const before = receiver.received.length;
    receiver.answerNext(500);
    await item.sell();
    await t.app.jobs.drain();

    const attempts = receiver.received.slice(before);
    expect(attempts.map((r) => r.answered)).toEqual([500, 200]);
    expect(new Set(attempts.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    const [delivery] = await deliveriesOf(manager, own.id, hook.id);
    expect(delivery).toMatchObject({ event: 'cellar.low', status: 'delivered', attempts: 2, last_status_code: 200 });
    const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(endpoint?.consecutiveFailures).toBe(0);
  });

  it("delivers one order's events in order, even when the first is retried", async () => {
    const { own, manager } = await createTeam(t.db);
    const supplier = await createSupplierRow(t.db);
    const supplierUser = await createUser(t.db, 'supplier', { supplierId: supplier.id });
    const wine = await createCatalogWineRow(t.db, { name: 'Cave Geisse Brut' });
    const hook = await register(manager, own.id, ['order.created', 'order.status_changed']);
    const before = receiver.received.length;
    receiver.answerNext(503, 502);
    const placed = await t.call(manager, 'POST', '/api/orders', {
      establishment_id: own.id,
      supplier_id: supplier.id,
      items: [{ wine_id: wine.id, quantity: 2, price: '149,90' }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().id;
    const confirmed = await t.call(supplierUser, 'PATCH', `/api/orders/${orderId}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.app.jobs.drain();

    const delivered = receiver.received.slice(before).filter((r) => r.answered === 200);
    expect(delivered.map((r) => JSON.parse(r.body).type)).toEqual(['order.created', 'order.status_changed']);
    const changed = JSON.parse(delivered[1]?.body ?? '{}');
    expect(changed.data).toMatchObject({ from: 'pending', to: 'confirmed', order: { id: orderId, status: 'confirmed' } });
    const list = await deliveriesOf(manager, own.id, hook.id);
    expect(list.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['order.status_changed', 'delivered', 1],
      ['order.created', 'delivered', 3],
    ]);
  });

  it('tells menu.published when a menu is created and when its wines change, in order', async () => {
    const { own, manager } = await createTeam(t.db);
    await register(manager, own.id, ['menu.published']);
    const before = receiver.received.length;
    const menu = await t.call(manager, 'POST', '/api/wine-menus', { name: 'Carta de Verão', establishment_id: own.id });
    expect(menu.statusCode, menu.body).toBe(201);
    const wine = await t.call(manager, 'POST', `/api/wine-menus/${menu.json().id}/wines`, {
      name: 'Rosé da Serra',
      price: 89.9,
      category: 'Vinhos Tintos Médios',
    });
    expect(wine.statusCode, wine.body).toBe(201);
    await t.app.jobs.drain();
    expect(bodies(before).map((b) => [b.type, b.data.change, b.data.menu?.name])).toEqual([
      ['menu.published', 'created', 'Carta de Verão'],
      ['menu.published', 'wine_added', 'Carta de Verão'],
    ]);
  });

  it('pauses an endpoint that keeps failing and e-mails who registered it; resumed, it delivers what waited', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['cellar.sold_out']);
    const item = await cellarItem(manager, own.id, 1);
    const before = receiver.received.length;
    receiver.answerAlways(500);
    try {
      await item.sell();
      await t.app.jobs.drain();
    } finally {
      receiver.answerAlways(undefined);
    }
    expect(receiver.received.length - before).toBe(PAUSE_AFTER);
    const paused = (await t.call(manager, 'GET', hooksUrl(own.id))).json() as WebhookEndpoint[];
    expect(paused[0]).toMatchObject({ id: hook.id, paused_reason: WEBHOOK_TEXTS.pausedAfterFailures(PAUSE_AFTER) });
    expect(paused[0]?.paused_at).not.toBeNull();
    const mails = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'webhook_paused'), eq(mailMessages.recipient, manager.email)));
    expect(mails.map((m) => m.subject)).toEqual(['Um webhook do Adega foi pausado']);

    // Paused: a new event waits, nothing is sent.
    await item.deliver(1);
    await item.sell();
    await t.app.jobs.drain();
    expect(receiver.received.length - before).toBe(PAUSE_AFTER);

    const resumed = await t.call(manager, 'POST', `${hooksUrl(own.id)}/${hook.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ paused_at: null, consecutive_failures: 0 });
    await t.app.jobs.drain();
    const after = receiver.received.slice(before + PAUSE_AFTER);
    expect(after.map((r) => [JSON.parse(r.body).type, r.answered])).toEqual([
      ['cellar.sold_out', 200],
      ['cellar.sold_out', 200],
    ]);
    expect((await t.call(manager, 'POST', `${hooksUrl(own.id)}/${hook.id}/resume`)).statusCode).toBe(409);
  });

  it('"Reenviar" sends the same event again, with the same id', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['cellar.sold_out']);
    const item = await cellarItem(manager, own.id, 1);
    await item.sell();
    await t.app.jobs.drain();
    const [first] = await deliveriesOf(manager, own.id, hook.id);
    const before = receiver.received.length;
    const res = await t.call(manager, 'POST', `${hooksUrl(own.id)}/${hook.id}/deliveries/${first?.id}/resend`);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.drain();
    const [again] = bodies(before);
    expect(again?.id).toBe(first?.event_id);
    const list = await deliveriesOf(manager, own.id, hook.id);
    expect(list.map((d) => [d.event_id, d.status])).toEqual([
      [first?.event_id, 'delivered'],
      [first?.event_id, 'delivered'],
    ]);
  });

  it('checks the address again at each delivery: one no longer allowed is refused, and nothing reaches it', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['cellar.sold_out']);
    // As if the name now resolved inside: the stored address becomes one the guard refuses.
    await t.db
      .update(webhookEndpoints)
      .set({ url: receiver.url.replace(`http://${RECEIVER_HOST}`, 'https://127.0.0.1') })
      .where(eq(webhookEndpoints.id, hook.id));
    const item = await cellarItem(manager, own.id, 1);
    const before = receiver.received.length;
    await item.sell();
    await t.app.jobs.drain();
    expect(receiver.received.length).toBe(before);
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));
    expect(row).toMatchObject({ lastStatusCode: null, lastError: WEBHOOK_TEXTS.privateAddress });
  });

  it('an edit keeps the secret and is checked like a registration; a deleted webhook takes its deliveries with it', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['order.created']);
    const refused = await t.call(manager, 'PUT', `${hooksUrl(own.id)}/${hook.id}`, { url: 'https://10.1.1.1/x', events: ['cellar.low'] });
    expect(refused.statusCode).toBe(400);
    const edited = await t.call(manager, 'PUT', `${hooksUrl(own.id)}/${hook.id}`, { url: receiver.url, events: ['cellar.low'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ events: ['cellar.low'] });
    expect(edited.body).not.toContain(hook.secret);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row?.secret).toBe(hook.secret);

    expect((await t.call(manager, 'DELETE', `${hooksUrl(own.id)}/${hook.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id))).toEqual([]);
    expect((await t.call(manager, 'GET', `${hooksUrl(own.id)}/${hook.id}/deliveries`)).statusCode).toBe(404);
  });

  it('the sweep removes deliveries done with after 30 days, and keeps what still waits', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['order.created']);
    // Paused: the old pending one stays unsent, so it is still there to be kept.
    await t.db.update(webhookEndpoints).set({ pausedAt: new Date() }).where(eq(webhookEndpoints.id, hook.id));
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const row = (status: 'delivered' | 'failed' | 'pending', createdAt: Date) => ({
      endpointId: hook.id,
      eventId: crypto.randomUUID(),
      event: 'order.created',
      recordKey: `order:${crypto.randomUUID()}`,
      body: {},
      status,
      createdAt,
    });
    await t.db
      .insert(webhookDeliveries)
      .values([row('delivered', old), row('failed', old), row('pending', old), row('delivered', new Date())]);
    await requestWebhookSweep(t.app.jobs);
    await t.app.jobs.drain();
    const left = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));
    expect(left.map((d) => d.status).sort()).toEqual(['delivered', 'pending']);
    expect(left.find((d) => d.status === 'delivered')?.createdAt.getTime()).toBeGreaterThan(old.getTime());
  });

  it('delivers after a restart what a process wrote and never sent (no job, or a claim it never finished)', async () => {
    const { own, manager } = await createTeam(t.db);
    const hook = await register(manager, own.id, ['order.created']);
    const eventId = crypto.randomUUID();
    const abandoned = new Date(Date.now() - 10 * 60 * 1000);
    await t.db.insert(webhookDeliveries).values([
      // Written by a process that stopped before any job took it.
      { endpointId: hook.id, eventId, event: 'order.created', recordKey: 'order:a', body: { id: eventId, type: 'order.created' } },
      // Claimed by a process that died mid-send ten minutes ago.
      {
        endpointId: hook.id,
        eventId: crypto.randomUUID(),
        event: 'order.created',
        recordKey: 'order:b',
        body: { type: 'order.created' },
        claimedAt: abandoned,
        attempts: 1,
      },
    ]);
    const before = receiver.received.length;
    // What main.ts asks for at start-up.
    await requestWebhookSweep(t.app.jobs);
    await t.app.jobs.drain();
    expect(receiver.received.length - before).toBe(2);
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));
    expect(rows.map((r) => [r.recordKey, r.status]).sort()).toEqual([
      ['order:a', 'delivered'],
      ['order:b', 'delivered'],
    ]);
  });
});
