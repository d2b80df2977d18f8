/** LGPD rights (issue 29, docs/decisions/0095): find a data subject, export their data, erase it; retention rules. */
import { count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LGPD_MESSAGES, type LgpdRequest, RETENTION_RULE_LABELS, type RetentionRule, type SubjectFindings } from '../../../shared/lgpd.js';
import { appError, conflict, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { type LgpdSourceSummary, lgpdRequests, lgpdRetentionRules, users } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { PrivateFiles } from '../../storage/storage.js';
import { recordAuditEvent } from '../audit/index.js';
import { EXPORT_QUEUE } from './export-zip.js';
import { scrubMentions } from './free-text.js';
import { identifiersOfQuery } from './identifiers.js';
import type { ExportLinks } from './links.js';
import { PERSONAL_DATA } from './registry.js';
import { retentionRules } from './retention.js';
import { isEmpty, MENTIONS_LABEL, MENTIONS_SOURCE, recordRefs, resolveSubject, type Subject, subjectFiles } from './subject.js';

export interface LgpdDeps {
  db: Db;
  files: PrivateFiles;
  jobs: JobRunner;
  links: ExportLinks;
  log: FastifyBaseLogger;
}

type RequestRow = typeof lgpdRequests.$inferSelect & { requestedByEmail?: string | null };

const RULE_EFFECTS = {
  onboarding_applications:
    'Cadastros recusados, ou deixados em andamento, há mais dias que isso têm contato, e-mails, telefones, endereço e cardápio anonimizados.',
  search_words: 'As palavras buscadas nas cartas viram apenas contagens sem as palavras (regra fixa da lei e do Adega).',
} as const;

export function createLgpdService({ db, files, jobs, links, log }: LgpdDeps) {
  const toRequest = (row: RequestRow, now = new Date()): LgpdRequest => {
    const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
    return {
      id: row.id,
      kind: row.kind,
      status: expired ? 'expired' : row.status,
      requested_by: row.requestedBy,
      requested_by_email: row.requestedByEmail ?? null,
      created_at: row.createdAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      summary: row.summary,
      files_count: row.filesCount,
      file_size: row.fileSize,
      download_url: row.status === 'ready' && !expired && row.expiresAt ? links.url(row.id, row.expiresAt) : null,
      error: row.error,
    };
  };

  const findingsOf = (subject: Subject): SubjectFindings => ({
    sources: [
      ...PERSONAL_DATA.map((source) => ({
        source: source.key,
        label: source.label,
        on_erase: source.onErase,
        records: (subject.found.get(source.key) ?? []).map((row) => ({ id: String(row.id), summary: source.summary(row) })),
      })).filter((s) => s.records.length > 0),
      ...(subject.mentions.length > 0
        ? [
            {
              source: MENTIONS_SOURCE,
              label: MENTIONS_LABEL,
              on_erase: 'anonimizado' as const,
              records: subject.mentions.map((m) => ({ id: `${m.table}:${m.id}`, summary: `${m.table} · ${m.columns.join(', ')}` })),
            },
          ]
        : []),
    ],
    files_count: subjectFiles(subject).length,
  });

  const found = async (executor: Db | Parameters<Parameters<Db['transaction']>[0]>[0], query: string) => {
    const subject = await resolveSubject(executor, identifiersOfQuery(query));
    if (isEmpty(subject)) throw notFound(LGPD_MESSAGES.notFound);
    return subject;
  };

  return {
    async search(caller: Caller, query: string): Promise<SubjectFindings> {
      requireScope(caller, 'lgpd', 'read');
      return findingsOf(await found(db, query));
    },

    /** Queues the export job in the request's own transaction (it exists only if the request does). */
    async requestExport(caller: Caller, query: string): Promise<LgpdRequest> {
      requireScope(caller, 'lgpd', 'export');
      const row = await db.transaction(async (tx) => {
        const subject = await found(tx, query);
        const [request] = await tx
          .insert(lgpdRequests)
          .values({ kind: 'export', status: 'queued', requestedBy: caller.id, records: recordRefs(subject) })
          .returning();
        if (!request) throw new Error('export request not stored');
        await recordAuditEvent(tx, {
          actor: caller,
          recordKind: 'lgpd_request',
          recordId: request.id,
          action: 'export_requested',
          changes: [{ field: 'records', new: request.records.length }],
        });
        await jobs.sendWithin(tx, EXPORT_QUEUE, { requestId: request.id });
        return request;
      });
      return toRequest({ ...row, requestedByEmail: caller.email });
    },

    /**
     * Erases the subject in one transaction: each source's rows deleted or anonymised, then every mention in free
     * text replaced, their export ZIPs withdrawn; the request records what was done (counts) and who asked. Their
     * files leave the store after the commit.
     */
    async erase(caller: Caller, query: string): Promise<LgpdRequest> {
      requireScope(caller, 'lgpd', 'erase');
      const fileKeys: string[] = [];
      const row = await db.transaction(async (tx) => {
        const subject = await found(tx, query);
        if ((subject.found.get('users') ?? []).some((user) => user.id === caller.id)) throw conflict(LGPD_MESSAGES.ownData);
        const now = new Date();
        const records = recordRefs(subject);
        const summary: LgpdSourceSummary[] = [];
        for (const source of PERSONAL_DATA) {
          const rows = subject.found.get(source.key) ?? [];
          if (rows.length === 0 || !source.erase) continue;
          await source.erase(tx, rows, now);
          summary.push({
            source: source.key,
            label: source.label,
            count: rows.length,
            action: source.onErase === 'apagado' ? 'apagado' : 'anonimizado',
          });
        }
        fileKeys.push(
          ...subjectFiles(subject)
            .filter((file) => PERSONAL_DATA.find((s) => s.key === file.source)?.erase)
            .map((f) => f.key),
        );
        const mentioned = await scrubMentions(tx, subject.who);
        if (mentioned > 0) summary.push({ source: MENTIONS_SOURCE, label: MENTIONS_LABEL, count: mentioned, action: 'anonimizado' });
        // Export ZIPs of this subject hold the very data being erased: they go too, and a queued one is never built.
        const ids = records.map((r) => r.id);
        const exports =
          ids.length === 0
            ? []
            : await tx
                .select({ id: lgpdRequests.id, fileKey: lgpdRequests.fileKey })
                .from(lgpdRequests)
                .where(
                  sql`${lgpdRequests.kind} = 'export' and (${lgpdRequests.fileKey} is not null or ${lgpdRequests.status} = 'queued') and exists (
                    select 1 from jsonb_array_elements(${lgpdRequests.records}) e where e->>'id' in (${sql.join(
                      ids.map((id) => sql`${id}`),
                      sql`, `,
                    )}))`,
                );
        if (exports.length > 0)
          await tx
            .update(lgpdRequests)
            .set({ status: 'withdrawn', fileKey: null })
            .where(
              inArray(
                lgpdRequests.id,
                exports.map((e) => e.id),
              ),
            );
        fileKeys.push(...exports.flatMap((e) => (e.fileKey ? [e.fileKey] : [])));
        const [request] = await tx
          .insert(lgpdRequests)
          .values({
            kind: 'erase',
            status: 'done',
            requestedBy: caller.id,
            records,
            summary,
            filesCount: fileKeys.length,
            completedAt: now,
          })
          .returning();
        if (!request) throw new Error('erase request not stored');
        await recordAuditEvent(tx, {
          actor: caller,
          recordKind: 'lgpd_request',
          recordId: request.id,
          action: 'erase',
          changes: summary.map((s) => ({ field: s.source, new: s.count })),
        });
        return request;
      });
      let notDeleted = 0;
      for (const key of fileKeys)
        await files.delete(key).catch((err: unknown) => {
          notDeleted++;
          log.error({ err, requestId: row.id }, 'LGPD erasure: a file was not deleted');
        });
      if (notDeleted > 0) {
        const error = `${notDeleted} arquivo(s) não puderam ser apagados do armazenamento; tente apagar de novo.`;
        await db.update(lgpdRequests).set({ error }).where(eq(lgpdRequests.id, row.id));
        return toRequest({ ...row, error, requestedByEmail: caller.email });
      }
      return toRequest({ ...row, requestedByEmail: caller.email });
    },

    async listRequests(caller: Caller, page: number, limit: number): Promise<{ items: LgpdRequest[]; total: number }> {
      requireScope(caller, 'lgpd', 'read');
      const rows = await db
        .select({ ...getTableColumns(lgpdRequests), requestedByEmail: users.email })
        .from(lgpdRequests)
        .leftJoin(users, eq(users.id, lgpdRequests.requestedBy))
        .orderBy(desc(lgpdRequests.createdAt), desc(lgpdRequests.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ n: count() }).from(lgpdRequests);
      const now = new Date();
      return { items: rows.map((row) => toRequest(row, now)), total: total?.n ?? 0 };
    },

    /** The ZIP behind a signed link: 404 for a link that is not ours, 410 once it has expired. */
    async download(requestId: string, expires: string, signature: string): Promise<{ bytes: Buffer; name: string }> {
      if (!/^[0-9a-f-]{36}$/.test(requestId) || !/^\d{1,15}$/.test(expires) || !links.verify(requestId, expires, signature))
        throw notFound(LGPD_MESSAGES.linkInvalid);
      const gone = () => appError('export_expired', LGPD_MESSAGES.linkExpired);
      if (Number(expires) <= Date.now()) throw gone();
      const [row] = await db.select().from(lgpdRequests).where(eq(lgpdRequests.id, requestId));
      if (row?.status !== 'ready' || !row.fileKey || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) throw gone();
      const bytes = await files.read(row.fileKey);
      if (!bytes) throw gone();
      return { bytes, name: `adega-dados-pessoais-${row.createdAt.toISOString().slice(0, 10)}.zip` };
    },

    async retention(caller: Caller): Promise<RetentionRule[]> {
      requireScope(caller, 'lgpd', 'read');
      const rows = await retentionRules(db);
      const order = ['onboarding_applications', 'search_words'] as const;
      return order.flatMap((rule) => {
        const row = rows.find((r) => r.rule === rule);
        return row
          ? [
              {
                rule,
                label: RETENTION_RULE_LABELS[rule],
                days: row.days,
                editable: rule === 'onboarding_applications',
                effect: RULE_EFFECTS[rule],
                last_run_at: row.lastRunAt?.toISOString() ?? null,
                last_affected: row.lastAffected,
              },
            ]
          : [];
      });
    },

    async updateRetention(caller: Caller, onboardingDays: number): Promise<RetentionRule[]> {
      requireScope(caller, 'lgpd', 'manageRetention');
      await db.transaction(async (tx) => {
        const rules = await retentionRules(tx);
        const old = rules.find((r) => r.rule === 'onboarding_applications')?.days;
        await tx
          .update(lgpdRetentionRules)
          .set({ days: onboardingDays, updatedAt: new Date(), updatedBy: caller.id })
          .where(eq(lgpdRetentionRules.rule, 'onboarding_applications'));
        await recordAuditEvent(tx, {
          actor: caller,
          recordKind: 'lgpd_retention',
          recordId: 'onboarding_applications',
          action: 'update',
          changes: [{ field: 'days', old, new: onboardingDays }],
        });
      });
      return this.retention(caller);
    },
  };
}

export type LgpdService = ReturnType<typeof createLgpdService>;
