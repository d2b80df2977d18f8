import { and, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { OnboardingStatus } from '../../../shared/onboarding.js';
import type { Executor } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import { establishments, onboardingProcesses } from '../../db/schema/index.js';

export type ProcessRow = typeof onboardingProcesses.$inferSelect;
export type ProcessValues = Partial<Omit<typeof onboardingProcesses.$inferInsert, 'id' | 'createdAt'>>;
export type NewProcess = Omit<typeof onboardingProcesses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The review list is bounded: far more sign-ups than a screen shows. */
export const LIST_LIMIT = 200;

export const { insert, findById } = recordQueries(onboardingProcesses);

/** The row, locked until the transaction ends: two requests on one process take turns. */
export async function lockById(db: Executor, id: string): Promise<ProcessRow | undefined> {
  const [row] = await db.select().from(onboardingProcesses).where(eq(onboardingProcesses.id, id)).limit(1).for('update');
  return row;
}

export async function update(db: Executor, id: string, values: ProcessValues): Promise<ProcessRow> {
  const [row] = await db
    .update(onboardingProcesses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(onboardingProcesses.id, id))
    .returning();
  if (!row) throw new Error('update found no row');
  return row;
}

/** Is this CNPJ (stored form) the CNPJ of an approved sign-up other than `exceptId`? */
export async function isCnpjApproved(db: Executor, cnpj: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: onboardingProcesses.id })
    .from(onboardingProcesses)
    .where(and(eq(onboardingProcesses.cnpj, cnpj), eq(onboardingProcesses.status, 'approved'), ne(onboardingProcesses.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, filtered by status and by text in the name, CNPJ, city or contact. */
export async function list(db: Executor, filters: { status?: OnboardingStatus; search?: string }): Promise<ProcessRow[]> {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(onboardingProcesses.status, filters.status));
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    const digits = filters.search.replace(/[.\-/\s]/g, '');
    const text = or(
      ilike(onboardingProcesses.establishmentName, pattern),
      ilike(onboardingProcesses.city, pattern),
      ilike(onboardingProcesses.contactName, pattern),
      ilike(onboardingProcesses.contactEmail, pattern),
      ilike(onboardingProcesses.email, pattern),
      ...(digits ? [ilike(onboardingProcesses.cnpj, `%${escapeLike(digits)}%`)] : []),
    );
    if (text) where.push(text);
  }
  return db
    .select()
    .from(onboardingProcesses)
    .where(and(...where))
    .orderBy(desc(onboardingProcesses.createdAt), desc(onboardingProcesses.id))
    .limit(LIST_LIMIT);
}

export async function establishmentSlug(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ slug: establishments.slug }).from(establishments).where(eq(establishments.id, id)).limit(1);
  return row?.slug ?? null;
}
