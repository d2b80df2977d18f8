import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatBRL } from '../../../shared/money.js';
import { mailMessages, users } from '../../db/schema/index.js';
import { createCatalogWineRow, createSupplierRow, createTeam, createUser, type TestUser } from '../../test-support/factories.js';
import { mailingTestAppPerFile } from '../../test-support/file-app.js';

const { t, smtp } = mailingTestAppPerFile();

const mailsTo = (email: string) => t.db.select().from(mailMessages).where(eq(mailMessages.recipient, email));
const optOut = (user: TestUser) => t.call(user, 'PATCH', '/api/account', { order_emails: false });

/** An establishment with two managers (one has turned order e-mails off) and a sommelier; a supplier with two users. */
async function world() {
  const team = await createTeam(t.db, { name: 'Bistrô Maré' });
  const quietManager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [team.own.id] });
  const otherManager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [team.other.id] });
  const supplier = await createSupplierRow(t.db, { companyName: 'Vinícola Serra Alta Ltda.' });
  const supplierUser = await createUser(t.db, 'supplier', { supplierId: supplier.id });
  const quietSupplierUser = await createUser(t.db, 'supplier', { supplierId: supplier.id });
  expect((await optOut(quietManager)).statusCode).toBe(200);
  expect((await optOut(quietSupplierUser)).statusCode).toBe(200);
  const wine = await createCatalogWineRow(t.db, { name: 'Serra Alta Merlot' });
  return { ...team, quietManager, otherManager, supplier, supplierUser, quietSupplierUser, wine };
}
type World = Awaited<ReturnType<typeof world>>;

async function placeOrder(w: World) {
  const res = await t.call(w.manager, 'POST', '/api/orders', {
    establishment_id: w.own.id,
    supplier_id: w.supplier.id,
    items: [{ wine_id: w.wine.id, quantity: 3, price: '1.250,50' }],
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; number: string };
}

const move = (user: TestUser, id: string, status: string) => t.call(user, 'PATCH', `/api/orders/${id}/status`, { status });

describe('order e-mails', () => {
  it("a new order e-mails the supplier's users: number, total in R$ and a link to the order", async () => {
    const w = await world();
    const order = await placeOrder(w);
    expect(order.number).toBe(order.id.slice(-8).toUpperCase());
    const mail = await smtp.waitForMessage((m) => m.to === w.supplierUser.email);
    expect(mail.subject).toBe(`Novo pedido ${order.number} de Bistrô Maré`);
    expect(mail.text).toContain(`Bistrô Maré fez o pedido ${order.number} a Vinícola Serra Alta Ltda.: 1 item, total de`);
    expect(mail.text).toContain(`total de ${formatBRL(3751.5)}`);
    expect(mail.text).toContain('R$');
    expect(mail.text).toContain(`https://adega.test/pedidos/${order.id}`);
    expect(mail.html).toContain(`href="https://adega.test/pedidos/${order.id}"`);
    // Queued with the order, in its transaction: the rows are there as soon as the order is.
    expect(await mailsTo(w.supplierUser.email)).toHaveLength(1);
    expect(await mailsTo(w.quietSupplierUser.email)).toHaveLength(0);
    for (const user of [w.manager, w.quietManager, w.sommelier, w.otherManager]) expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("each status change e-mails the establishment's managers (not the one who made it), and a cancellation the supplier too", async () => {
    const w = await world();
    const order = await placeOrder(w);
    await smtp.waitForMessage((m) => m.to === w.supplierUser.email);

    expect((await move(w.supplierUser, order.id, 'confirmed')).statusCode).toBe(200);
    const confirmed = await smtp.waitForMessage((m) => m.to === w.manager.email && m.subject.includes('Confirmado'));
    expect(confirmed.subject).toBe(`Pedido ${order.number}: Confirmado`);
    expect(confirmed.text).toContain(`passou de Pendente para Confirmado`);
    expect(confirmed.text).toContain(formatBRL(3751.5));
    expect(confirmed.text).toContain(`https://adega.test/pedidos/${order.id}`);
    expect(await mailsTo(w.supplierUser.email)).toHaveLength(1); // only the new order's

    // Another manager of the same establishment cancels: the first manager and the supplier hear of it, the actor does not.
    const secondManager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [w.own.id] });
    expect((await move(secondManager, order.id, 'cancelled')).statusCode).toBe(200);
    const cancelled = await smtp.waitForMessage((m) => m.to === w.supplierUser.email && m.subject.includes('Cancelado'));
    expect(cancelled.text).toContain('passou de Confirmado para Cancelado');
    await smtp.waitForMessage((m) => m.to === w.manager.email && m.subject.includes('Cancelado'));
    expect(await mailsTo(secondManager.email)).toHaveLength(0);
    expect(await mailsTo(w.quietManager.email)).toHaveLength(0);
    expect(await mailsTo(w.quietSupplierUser.email)).toHaveLength(0);
    expect(await mailsTo(w.sommelier.email)).toHaveLength(0);
    expect(await mailsTo(w.otherManager.email)).toHaveLength(0);
    expect((await mailsTo(w.manager.email)).map((m) => m.kind)).toEqual(['order_status', 'order_status']);
  });

  it('a refused change sends nothing; turning e-mails back on brings them back', async () => {
    const w = await world();
    const order = await placeOrder(w);
    expect((await move(w.supplierUser, order.id, 'pending')).statusCode).toBe(409);
    expect(await mailsTo(w.manager.email)).toHaveLength(0);
    expect((await t.call(w.quietManager, 'PATCH', '/api/account', { order_emails: true })).statusCode).toBe(200);
    expect((await move(w.supplierUser, order.id, 'confirmed')).statusCode).toBe(200);
    await smtp.waitForMessage((m) => m.to === w.quietManager.email);
    const [row] = await t.db.select().from(users).where(eq(users.id, w.quietManager.id));
    expect(row?.orderEmails).toBe(true);
  });
});

describe('order e-mails and accounts that cannot sign in', () => {
  it('a deactivated supplier user or a record-only one (no password) is sent nothing', async () => {
    const w = await world();
    const deactivated = await createUser(t.db, 'supplier', { supplierId: w.supplier.id });
    const recordOnly = await createUser(t.db, 'supplier', { supplierId: w.supplier.id });
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.id));
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, recordOnly.id));
    await placeOrder(w);
    await smtp.waitForMessage((m) => m.to === w.supplierUser.email);
    expect(await mailsTo(deactivated.email)).toHaveLength(0);
    expect(await mailsTo(recordOnly.email)).toHaveLength(0);
  });
});
