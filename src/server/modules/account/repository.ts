import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { establishments, suppliers, userEstablishments, users } from '../../db/schema/index.js';

export interface AccountRow {
  email: string;
  name: string;
  role: (typeof users.$inferSelect)['role'];
  orderEmails: boolean;
  supplierName: string | null;
  establishments: { id: string; name: string }[];
}

export async function findAccount(db: Executor, userId: string): Promise<AccountRow | undefined> {
  const [user] = await db
    .select({ email: users.email, name: users.name, role: users.role, orderEmails: users.orderEmails, supplierName: suppliers.companyName })
    .from(users)
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return undefined;
  const links = await db
    .select({ id: establishments.id, name: establishments.name })
    .from(userEstablishments)
    .innerJoin(establishments, eq(establishments.id, userEstablishments.establishmentId))
    .where(eq(userEstablishments.userId, userId))
    .orderBy(asc(establishments.name));
  return { ...user, establishments: links };
}

export async function updateAccount(db: Executor, userId: string, values: { name?: string; orderEmails?: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
