/**
 * Where a data subject's personal data lives (LGPD, issue 29; docs/decisions/0095): one entry per table or column
 * group, with how its rows of the subject are found, exported and erased. The search, the export job and the erasure
 * all walk this list, so a new table of personal data is one entry here (tables of a user: `userRows` below).
 * Free text that merely mentions the subject (an order's notes, an e-mail's body) is found by free-text.ts, in every
 * text column, and needs no entry.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ANONYMISED_NAME } from '../../../shared/lgpd.js';
import type { Executor, Tx } from '../../db/client.js';
import {
  activities,
  establishments,
  invitations,
  leads,
  loginFailures,
  mailMessages,
  onboardingProcesses,
  opportunities,
  orders,
  passkeys,
  passwordResetTokens,
  productImports,
  recoveryCodes,
  sessions,
  suppliers,
  tillSalesImports,
  userEstablishments,
  users,
  userTotp,
  webauthnChallenges,
} from '../../db/schema/index.js';
import { freeTextPatterns, type Identifiers, phoneVariants } from './identifiers.js';

export type Row = Record<string, unknown> & { id: unknown };
/** The rows found so far, per source key (sources that depend on others read them). */
export type Found = ReadonlyMap<string, readonly Row[]>;
export type OnErase = 'apagado' | 'anonimizado' | 'mantido';

export interface PrivateFileRef {
  key: string;
  name: string;
}

export interface PersonalDataSource {
  key: string;
  /** pt-BR, for the screen and the request's summary. */
  label: string;
  onErase: OnErase;
  /** The subject's rows, or undefined when nothing known so far can match. */
  match(who: Identifiers, found: Found): SQL | undefined;
  /** The rows that `where` selects, as they are exported (no password or token hashes). */
  select(db: Executor, where: SQL): Promise<Row[]>;
  /** The id column, to load the rows of a request again by id. */
  idColumn: PgColumn;
  /** One line about a row for the admin's screen. */
  summary(row: Row): string;
  /** E-mails, phones and names a row holds: they find more of the subject's data. */
  identifiers?(row: Row): { emails?: unknown[]; phones?: unknown[]; names?: unknown[] };
  /** Private files of the subject that a row points to (exported, and deleted from the store after an erasure). */
  files?(row: Row): PrivateFileRef[];
  /** Deletes or anonymises the rows (ids of `rows`) inside the erasure's transaction. */
  erase?(tx: Tx, rows: readonly Row[], now: Date): Promise<void>;
}

const digitsOf = (column: PgColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
const emailIn = (column: PgColumn, who: Identifiers) => (who.emails.size > 0 ? inArray(sql`lower(${column})`, [...who.emails]) : undefined);
const phoneIn = (column: PgColumn, who: Identifiers) => (who.phones.size > 0 ? inArray(digitsOf(column), phoneVariants(who)) : undefined);
const cpfIn = (column: PgColumn, who: Identifiers) => (who.cpfs.size > 0 ? inArray(digitsOf(column), [...who.cpfs]) : undefined);
/** A CPF written in a free-text column of the subject's own record (a lead's notes). */
const cpfInText = (column: PgColumn, who: Identifiers) => {
  if (who.cpfs.size === 0) return undefined;
  const subject = { ...who, emails: new Set<string>(), phones: new Set<string>(), names: new Set<string>() };
  return or(...freeTextPatterns(subject).map((pattern) => sql`${column} ~ ${pattern}`));
};
const anyOf = (...conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? or(...present) : undefined;
};
const idsOf = (found: Found, key: string) => (found.get(key) ?? []).map((row) => String(row.id));
const inFound = (column: PgColumn, found: Found, key: string) => {
  const ids = idsOf(found, key);
  return ids.length > 0 ? inArray(column, ids) : undefined;
};
const rowIds = (rows: readonly Row[]) => rows.map((row) => String(row.id));

/** A placeholder e-mail that keeps NOT NULL and unique columns valid and says nothing about the person. */
export const anonymisedEmail = (id: unknown) => `titular-anonimizado-${String(id)}@anonimizado.invalid`;

/** Plain rows of a table, every column but `omit` (hashes). */
function selectFrom(table: PgTable, omit: readonly string[] = []) {
  return async (db: Executor, where: SQL): Promise<Row[]> => {
    const rows = (await db.select().from(table).where(where)) as Record<string, unknown>[];
    return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !omit.includes(k))) as Row);
  };
}

/**
 * Rows that belong to one of the subject's user accounts and go with the erasure: sessions, reset links, and (from the
 * two-step sign-in) TOTP secrets, recovery codes and passkeys are one line each.
 */
export function userRows(key: string, label: string, table: PgTable, idColumn: PgColumn, userColumn: PgColumn, omit: string[] = []) {
  return {
    key,
    label,
    onErase: 'apagado',
    idColumn,
    match: (_who, found) => inFound(userColumn, found, 'users'),
    select: selectFrom(table, omit),
    summary: (row) => `Criado em ${formatDate(row.createdAt)}`,
    async erase(tx, rows) {
      await tx.delete(table).where(inArray(idColumn, rowIds(rows)));
    },
  } satisfies PersonalDataSource;
}

const formatDate = (value: unknown) =>
  value instanceof Date ? value.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }) : String(value ?? '');

export const PERSONAL_DATA: readonly PersonalDataSource[] = [
  {
    key: 'leads',
    label: 'Leads (CRM)',
    onErase: 'anonimizado',
    idColumn: leads.id,
    match: (who) => anyOf(emailIn(leads.email, who), phoneIn(leads.phone, who), cpfIn(leads.cnpj, who), cpfInText(leads.notes, who)),
    select: selectFrom(leads, ['searchText']),
    summary: (row) => `${row.name} · ${row.email}${row.company ? ` · ${row.company}` : ''}`,
    identifiers: (row) => ({ emails: [row.email], phones: [row.phone], names: [row.name] }),
    // The pipeline's figures stay (status, source, score, dates); who the lead was goes.
    async erase(tx, rows) {
      for (const row of rows)
        await tx
          .update(leads)
          .set({ name: ANONYMISED_NAME, email: anonymisedEmail(row.id), phone: null, company: null, cnpj: null, notes: null })
          .where(eq(leads.id, String(row.id)));
    },
  },
  {
    key: 'opportunities',
    label: 'Oportunidades dos leads',
    onErase: 'anonimizado',
    idColumn: opportunities.id,
    match: (_who, found) => inFound(opportunities.leadId, found, 'leads'),
    select: selectFrom(opportunities, ['searchText']),
    summary: (row) => String(row.title),
    // Value, stage and dates are sales figures and stay; the texts may describe the person and go.
    async erase(tx, rows) {
      await tx
        .update(opportunities)
        .set({ title: `Oportunidade (${ANONYMISED_NAME})`, description: null, notes: null, lostReason: null })
        .where(inArray(opportunities.id, rowIds(rows)));
    },
  },
  {
    key: 'activities',
    label: 'Atividades dos leads',
    onErase: 'anonimizado',
    idColumn: activities.id,
    match: (_who, found) => inFound(activities.leadId, found, 'leads'),
    select: selectFrom(activities, ['searchText']),
    summary: (row) => String(row.title),
    async erase(tx, rows) {
      await tx
        .update(activities)
        .set({ title: `Atividade (${ANONYMISED_NAME})`, description: null, notes: null })
        .where(inArray(activities.id, rowIds(rows)));
    },
  },
  {
    key: 'onboarding_processes',
    label: 'Cadastros de restaurantes (onboarding)',
    onErase: 'anonimizado',
    idColumn: onboardingProcesses.id,
    match: (who) =>
      anyOf(
        emailIn(onboardingProcesses.email, who),
        emailIn(onboardingProcesses.contactEmail, who),
        phoneIn(onboardingProcesses.phone, who),
        phoneIn(onboardingProcesses.contactPhone, who),
        cpfIn(onboardingProcesses.cnpj, who),
      ),
    select: selectFrom(onboardingProcesses),
    summary: (row) => `${row.establishmentName} · ${row.contactName} · ${row.contactEmail}`,
    identifiers: (row) => ({
      emails: [row.email, row.contactEmail],
      phones: [row.phone, row.contactPhone],
      names: [row.contactName],
    }),
    files: (row) => (typeof row.menuFileKey === 'string' ? [{ key: row.menuFileKey, name: String(row.menuFileName ?? 'cardapio') }] : []),
    erase: async (tx, rows, now) => {
      for (const row of rows) await anonymiseApplication(tx, String(row.id), row.status === 'approved', now);
    },
  },
  {
    key: 'users',
    label: 'Usuários do Adega',
    onErase: 'anonimizado',
    idColumn: users.id,
    match: (who) => emailIn(users.email, who),
    async select(db, where) {
      const rows = await selectFrom(users, ['passwordHash'])(db, where);
      if (rows.length === 0) return rows;
      const links = await db
        .select()
        .from(userEstablishments)
        .where(inArray(userEstablishments.userId, rowIds(rows)));
      return rows.map((row) => ({ ...row, establishmentIds: links.filter((l) => l.userId === row.id).map((l) => l.establishmentId) }));
    },
    summary: (row) => `${row.name || row.email} · ${row.email} · ${row.role}`,
    identifiers: (row) => ({ emails: [row.email], names: [row.name] }),
    // Orders and history keep pointing at the account, which now says "Titular anonimizado" and can never sign in.
    async erase(tx, rows, now) {
      const ids = rowIds(rows);
      await tx.delete(userEstablishments).where(inArray(userEstablishments.userId, ids));
      for (const id of ids)
        await tx
          .update(users)
          .set({ email: anonymisedEmail(id), name: ANONYMISED_NAME, passwordHash: null, orderEmails: false, deactivatedAt: now })
          .where(eq(users.id, id));
    },
  },
  userRows('sessions', 'Sessões abertas', sessions, sessions.id, sessions.userId),
  userRows(
    'password_reset_tokens',
    'Links de redefinição de senha',
    passwordResetTokens,
    passwordResetTokens.id,
    passwordResetTokens.userId,
    ['tokenHash'],
  ),
  // Two-step sign-in (decision 0094): secrets and code hashes are never exported, only that they exist and when.
  {
    ...userRows('user_totp', 'Autenticação em duas etapas (app)', userTotp, userTotp.userId, userTotp.userId, ['secretEncrypted']),
    select: async (db, where) =>
      (await selectFrom(userTotp, ['secretEncrypted', 'lastUsedStep'])(db, where)).map((row) => ({ ...row, id: row.userId })),
  },
  userRows('recovery_codes', 'Códigos de recuperação', recoveryCodes, recoveryCodes.id, recoveryCodes.userId, ['codeHash']),
  userRows('passkeys', 'Passkeys', passkeys, passkeys.id, passkeys.userId, ['publicKey']),
  userRows('webauthn_challenges', 'Desafios de passkey', webauthnChallenges, webauthnChallenges.id, webauthnChallenges.userId, [
    'challenge',
  ]),
  {
    key: 'invitations',
    label: 'Convites',
    onErase: 'apagado',
    idColumn: invitations.id,
    match: (who, found) => anyOf(emailIn(invitations.email, who), inFound(invitations.acceptedUserId, found, 'users')),
    select: selectFrom(invitations, ['tokenHash']),
    summary: (row) => `${row.email} · ${row.role}`,
    async erase(tx, rows) {
      await tx.delete(invitations).where(inArray(invitations.id, rowIds(rows)));
    },
  },
  {
    key: 'suppliers',
    label: 'Contatos de fornecedores',
    onErase: 'anonimizado',
    idColumn: suppliers.id,
    match: (who) => anyOf(emailIn(suppliers.email, who), phoneIn(suppliers.phone, who), cpfInText(suppliers.notes, who)),
    select: selectFrom(suppliers),
    summary: (row) => `${row.name} · ${row.companyName} · ${row.email}`,
    identifiers: (row) => ({ emails: [row.email], phones: [row.phone], names: [row.name, row.contactPerson] }),
    // The company, its commission and contract stay with its orders; its contact person goes.
    async erase(tx, rows) {
      for (const row of rows)
        await tx
          .update(suppliers)
          .set({ name: ANONYMISED_NAME, contactPerson: null, email: anonymisedEmail(row.id), phone: '', address: null, notes: null })
          .where(eq(suppliers.id, String(row.id)));
    },
  },
  {
    key: 'establishments',
    label: 'Contato de estabelecimentos',
    onErase: 'anonimizado',
    idColumn: establishments.id,
    match: (who) => anyOf(emailIn(establishments.email, who), phoneIn(establishments.phone, who)),
    select: selectFrom(establishments),
    summary: (row) => `${row.name} · ${row.email ?? ''} ${row.phone ?? ''}`.trim(),
    async erase(tx, rows) {
      await tx
        .update(establishments)
        .set({ email: null, phone: null })
        .where(inArray(establishments.id, rowIds(rows)));
    },
  },
  {
    key: 'mail_messages',
    label: 'E-mails enviados',
    onErase: 'apagado',
    idColumn: mailMessages.id,
    match: (who) => emailIn(mailMessages.recipient, who),
    select: selectFrom(mailMessages),
    summary: (row) => `${formatDate(row.createdAt)} · ${row.subject}`,
    async erase(tx, rows) {
      await tx.delete(mailMessages).where(inArray(mailMessages.id, rowIds(rows)));
    },
  },
  {
    key: 'login_failures',
    label: 'Tentativas de login que falharam',
    onErase: 'apagado',
    idColumn: loginFailures.id,
    match: (who) => emailIn(loginFailures.email, who),
    select: selectFrom(loginFailures),
    summary: (row) => formatDate(row.failedAt),
    async erase(tx, rows) {
      await tx.delete(loginFailures).where(
        inArray(
          loginFailures.id,
          rows.map((row) => Number(row.id)),
        ),
      );
    },
  },
  // Business records: exported, kept on erasure (the account they name is anonymised above).
  {
    key: 'orders',
    label: 'Pedidos feitos pelo usuário',
    onErase: 'mantido',
    idColumn: orders.id,
    match: (_who, found) => inFound(orders.createdBy, found, 'users'),
    select: selectFrom(orders),
    summary: (row) => `${formatDate(row.orderDate)} · R$ ${row.totalAmount}`,
  },
  {
    key: 'product_imports',
    label: 'Planilhas importadas pelo usuário',
    onErase: 'mantido',
    idColumn: productImports.id,
    match: (_who, found) => inFound(productImports.createdBy, found, 'users'),
    select: selectFrom(productImports, ['preview']),
    summary: (row) => `${formatDate(row.createdAt)} · ${row.fileName}`,
    files: (row) => (typeof row.fileKey === 'string' ? [{ key: row.fileKey, name: String(row.fileName) }] : []),
  },
  {
    key: 'till_sales_imports',
    label: 'Planilhas de vendas do PDV importadas pelo usuário',
    onErase: 'mantido',
    idColumn: tillSalesImports.id,
    match: (_who, found) => inFound(tillSalesImports.createdBy, found, 'users'),
    select: selectFrom(tillSalesImports, ['preview', 'errors', 'warnings']),
    summary: (row) => `${formatDate(row.createdAt)} · ${row.fileName}`,
    files: (row) => (typeof row.fileKey === 'string' ? [{ key: row.fileKey, name: String(row.fileName) }] : []),
  },
];

/**
 * A sign-up's personal data anonymised in place (an erasure, or the retention rule): the contact, e-mails, phones,
 * address and menu file go; the status and dates stay for the team's figures. An approved sign-up keeps its business
 * name and CNPJ (the establishment it became is a customer's record).
 */
export async function anonymiseApplication(tx: Executor, id: string, approved: boolean, now: Date): Promise<void> {
  const placeholder = anonymisedEmail(id);
  await tx
    .update(onboardingProcesses)
    .set({
      ...(approved ? {} : { establishmentName: ANONYMISED_NAME, cnpj: '' }),
      contactName: ANONYMISED_NAME,
      email: placeholder,
      contactEmail: placeholder,
      phone: '',
      contactPhone: '',
      address: '',
      zipCode: '',
      menuFileKey: null,
      menuFileName: null,
      menuFileType: null,
      menuFileSize: null,
      rejectionReason: null,
      anonymizedAt: now,
    })
    .where(and(eq(onboardingProcesses.id, id), isNull(onboardingProcesses.anonymizedAt)));
}

export const sourceByKey = new Map(PERSONAL_DATA.map((source) => [source.key, source]));
