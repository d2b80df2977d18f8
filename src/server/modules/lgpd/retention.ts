/**
 * Retention rules (issue 29): refused or abandoned sign-ups are anonymised after the days the admin sets (180 by
 * default); guest search words go after 90 days (menu-insights' own daily job, which reports its runs here); expired
 * export ZIPs are deleted. One daily job, fired once across processes by pg-boss's schedule.
 */
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ONBOARDING_RETENTION_DEFAULT_DAYS, SEARCH_WORDS_RETENTION_DAYS } from '../../../shared/lgpd.js';
import type { Db, Executor } from '../../db/client.js';
import { lgpdRequests, lgpdRetentionRules, onboardingProcesses } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { PrivateFiles } from '../../storage/storage.js';
import { recordAuditEvent } from '../audit/index.js';
import { anonymiseApplication } from './registry.js';
import { recordRequestStatus } from './request-trail.js';

export const RETENTION_QUEUE = 'lgpd.retention';
/** Every day at 5:15 (Brazil), after the search words' own run at 4:45. */
export const RETENTION_CRON = '15 5 * * *';
export type RetentionRuleName = 'onboarding_applications' | 'search_words';
const DAY_MS = 86_400_000;

/** The rules' rows, made with their defaults the first time they are read. */
export async function retentionRules(db: Executor) {
  await db
    .insert(lgpdRetentionRules)
    .values([
      { rule: 'onboarding_applications', days: ONBOARDING_RETENTION_DEFAULT_DAYS },
      { rule: 'search_words', days: SEARCH_WORDS_RETENTION_DAYS },
    ])
    .onConflictDoNothing();
  return db.select().from(lgpdRetentionRules);
}

/** Notes that a rule ran now and how many rows it changed. */
export async function recordRetentionRun(db: Executor, rule: RetentionRuleName, affected: number, now = new Date()): Promise<void> {
  await retentionRules(db);
  await db.update(lgpdRetentionRules).set({ lastRunAt: now, lastAffected: affected }).where(eq(lgpdRetentionRules.rule, rule));
}

/** The search words' run (menu-insights' job), in that run's transaction: when it ran, and the system's entry. */
export async function recordSearchWordsRun(tx: Executor, forgotten: number): Promise<void> {
  await recordRetentionRun(tx, 'search_words', forgotten);
  await recordAuditEvent(tx, {
    actor: 'sistema',
    recordKind: 'lgpd_retention',
    recordId: 'search_words',
    action: 'run',
    changes: [{ field: 'forgotten', new: forgotten }],
  });
}

/** Anonymises sign-ups refused, or left in progress, longer ago than the rule's days; returns how many. */
export async function anonymiseOldApplications(db: Db, files: PrivateFiles, now = new Date()): Promise<number> {
  const fileKeys: string[] = [];
  const count = await db.transaction(async (tx) => {
    const rules = await retentionRules(tx);
    const days = rules.find((r) => r.rule === 'onboarding_applications')?.days ?? ONBOARDING_RETENTION_DEFAULT_DAYS;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const due = await tx
      .select({ id: onboardingProcesses.id, status: onboardingProcesses.status, menuFileKey: onboardingProcesses.menuFileKey })
      .from(onboardingProcesses)
      .where(
        and(
          isNull(onboardingProcesses.anonymizedAt),
          or(
            and(
              eq(onboardingProcesses.status, 'rejected'),
              lt(sql`coalesce(${onboardingProcesses.reviewedAt}, ${onboardingProcesses.updatedAt})`, cutoff),
            ),
            and(eq(onboardingProcesses.status, 'in_progress'), lt(onboardingProcesses.updatedAt, cutoff)),
          ),
        ),
      );
    for (const row of due) {
      await anonymiseApplication(tx, row.id, false, now);
      if (row.menuFileKey) fileKeys.push(row.menuFileKey);
    }
    await recordRetentionRun(tx, 'onboarding_applications', due.length, now);
    await recordAuditEvent(tx, {
      actor: 'sistema',
      recordKind: 'lgpd_retention',
      recordId: 'onboarding_applications',
      action: 'run',
      changes: [{ field: 'anonymized', new: due.length }],
    });
    return due.length;
  });
  // After the commit: a rolled-back run must not have lost the files.
  for (const key of fileKeys) await files.delete(key);
  return count;
}

/** Deletes the ZIPs of exports whose link has expired; returns how many. */
export async function deleteExpiredExports(db: Db, files: PrivateFiles, now = new Date()): Promise<number> {
  const due = and(eq(lgpdRequests.status, 'ready'), isNotNull(lgpdRequests.fileKey), lt(lgpdRequests.expiresAt, now));
  const expired = await db.select({ id: lgpdRequests.id, fileKey: lgpdRequests.fileKey }).from(lgpdRequests).where(due);
  for (const row of expired) {
    await db.transaction(async (tx) => {
      await tx.update(lgpdRequests).set({ status: 'expired', fileKey: null }).where(eq(lgpdRequests.id, row.id));
      await recordRequestStatus(tx, row.id, 'ready', 'expired');
    });
    if (row.fileKey) await files.delete(row.fileKey);
  }
  return expired.length;
}

export function registerRetentionJob(jobs: JobRunner, deps: { db: Db; files: PrivateFiles; log: FastifyBaseLogger }): void {
  jobs.register<Record<string, never>>({
    name: RETENTION_QUEUE,
    schedule: { cron: RETENTION_CRON, data: {} },
    queue: { policy: 'stately' },
    async handle() {
      const anonymised = await anonymiseOldApplications(deps.db, deps.files);
      const expired = await deleteExpiredExports(deps.db, deps.files);
      deps.log.info({ anonymised, expired }, 'LGPD retention applied');
    },
  });
}
