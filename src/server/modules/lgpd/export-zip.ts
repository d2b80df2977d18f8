/**
 * The export job (LGPD art. 18, V): one ZIP with a JSON file per source of the subject's data, the free-text mentions,
 * the audit entries that name their records, and their uploaded files, stored privately until its link expires.
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { Db } from '../../db/client.js';
import { auditEntries, type LgpdSourceSummary, lgpdRequests } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { PrivateFiles } from '../../storage/storage.js';
import { readMention } from './free-text.js';
import { PERSONAL_DATA, type Row } from './registry.js';
import { recordRequestStatus } from './request-trail.js';
import { MENTIONS_LABEL, MENTIONS_SOURCE, parseMentionRef } from './subject.js';

export const EXPORT_QUEUE = 'lgpd.export';
/** The link (and the ZIP) last 24 hours. */
export const EXPORT_VALID_MS = 24 * 60 * 60 * 1000;
export const exportFileKey = (requestId: string) => `lgpd/exports/${requestId}.zip`;

const README = `Exportação de dados pessoais (LGPD, art. 18) gerada pelo Adega.

dados/<origem>.json   os registros de cada tabela em que a pessoa aparece
dados/mencoes.json    trechos de texto livre de outros registros que a mencionam
dados/auditoria.json  as entradas do histórico de alterações que citam esses registros
arquivos/             os arquivos enviados pela pessoa (cardápios, planilhas)

Senhas, códigos e tokens nunca são exportados (só existem como resumos criptográficos).
`;

/** A name safe inside a ZIP: no path, no control or odd characters, bounded. */
export function safeEntryName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return clean || 'arquivo';
}

function zipToBuffer(zip: yazl.ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    zip.end();
  });
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** Builds and stores the ZIP of one queued export request. */
export async function buildExport(db: Db, files: PrivateFiles, requestId: string, now = new Date()): Promise<void> {
  const [request] = await db.select().from(lgpdRequests).where(eq(lgpdRequests.id, requestId));
  if (request?.kind !== 'export' || request.status !== 'queued') return;
  const idsBySource = new Map<string, string[]>();
  for (const ref of request.records) idsBySource.set(ref.source, [...(idsBySource.get(ref.source) ?? []), ref.id]);

  const zip = new yazl.ZipFile();
  const mtime = now;
  zip.addBuffer(Buffer.from(README, 'utf8'), 'LEIA-ME.txt', { mtime });
  const summary: LgpdSourceSummary[] = [];
  const recordIds: string[] = [];
  const userIds: string[] = [];
  let filesCount = 0;
  for (const source of PERSONAL_DATA) {
    const ids = idsBySource.get(source.key) ?? [];
    if (ids.length === 0) continue;
    const rows: Row[] = await source.select(db, inArray(source.idColumn, ids));
    if (rows.length === 0) continue;
    zip.addBuffer(json(rows), `dados/${source.key}.json`, { mtime });
    summary.push({ source: source.key, label: source.label, count: rows.length, action: 'exportado' });
    recordIds.push(...rows.map((row) => String(row.id)));
    if (source.key === 'users') userIds.push(...rows.map((row) => String(row.id)));
    for (const row of rows)
      for (const file of source.files?.(row) ?? []) {
        const bytes = await files.read(file.key);
        if (!bytes) continue;
        // The bytes are copied as they are: never opened, parsed or run.
        zip.addBuffer(bytes, `arquivos/${source.key}/${String(row.id)}-${safeEntryName(file.name)}`, { mtime, compress: false });
        filesCount++;
      }
  }
  const mentions = [];
  for (const ref of idsBySource.get(MENTIONS_SOURCE) ?? []) {
    const mention = parseMentionRef(ref);
    const row = mention && (await readMention(db, mention));
    if (mention && row) mentions.push({ tabela: mention.table, ...row });
  }
  if (mentions.length > 0) {
    zip.addBuffer(json(mentions), 'dados/mencoes.json', { mtime });
    summary.push({ source: MENTIONS_SOURCE, label: MENTIONS_LABEL, count: mentions.length, action: 'exportado' });
  }
  const conditions = [
    ...(recordIds.length > 0 ? [inArray(auditEntries.recordId, recordIds)] : []),
    ...(userIds.length > 0 ? [inArray(auditEntries.actorUserId, userIds)] : []),
  ];
  const audit =
    conditions.length > 0
      ? await db
          .select()
          .from(auditEntries)
          .where(or(...conditions))
      : [];
  zip.addBuffer(json(audit), 'dados/auditoria.json', { mtime });
  summary.push({ source: 'audit_entries', label: 'Histórico de alterações', count: audit.length, action: 'exportado' });

  const bytes = await zipToBuffer(zip);
  const key = exportFileKey(requestId);
  await files.put(key, bytes);
  await db.transaction(async (tx) => {
    await tx
      .update(lgpdRequests)
      .set({
        status: 'ready',
        fileKey: key,
        fileSize: bytes.length,
        filesCount,
        summary,
        completedAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_VALID_MS),
      })
      .where(eq(lgpdRequests.id, requestId));
    await recordRequestStatus(tx, requestId, 'queued', 'ready');
  });
}

export function registerExportJob(jobs: JobRunner, deps: { db: Db; files: PrivateFiles; log: FastifyBaseLogger }): void {
  jobs.register<{ requestId: string }>({
    name: EXPORT_QUEUE,
    queue: { retryLimit: 2 },
    async handle({ requestId }) {
      try {
        await buildExport(deps.db, deps.files, requestId);
      } catch (err) {
        // Logged by id only: the error never carries the subject's data.
        deps.log.error({ err, requestId }, 'LGPD export failed');
        await deps.db.transaction(async (tx) => {
          await tx
            .update(lgpdRequests)
            .set({ status: 'failed', error: 'Não foi possível gerar o arquivo. Peça a exportação de novo.', completedAt: new Date() })
            .where(eq(lgpdRequests.id, requestId));
          await recordRequestStatus(tx, requestId, 'queued', 'failed');
        });
      }
    },
  });
}
