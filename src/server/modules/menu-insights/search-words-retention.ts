/**
 * Search words are kept 90 days at most (docs/decisions/0083): a daily job folds older searches into word-less counts
 * (subject ''), so the totals of searches stay and what a guest typed goes.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { menuEventCounts } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/runner.js';

export const SEARCH_WORDS_RETENTION_QUEUE = 'menu-insights.search-words-retention';
/** Every day at 4:45, when menus are least used (after the uploads' cleanup). */
const DAILY = '45 4 * * *';
/** Words whose hour is older than this go: run daily, none is kept past 90 days. */
export const SEARCH_WORDS_KEPT_DAYS = 89;

/** Folds the words of searches older than SEARCH_WORDS_KEPT_DAYS into counts without words; returns how many rows. */
export async function forgetOldSearchWords(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SEARCH_WORDS_KEPT_DAYS * 86_400_000).toISOString();
  // One statement: the rows with words go and their counts are added to the hour's word-less rows ('found' kept as
  // 0 or 1, whether the search found something).
  const result = (await db.execute(sql`
    with old as (
      delete from ${menuEventCounts}
      where kind = 'search' and subject <> '' and hour < ${cutoff}::timestamptz
      returning menu_id, hour, found, lang, count
    ),
    folded as (
      insert into ${menuEventCounts} (menu_id, hour, kind, subject, found, lang, count)
      select menu_id, hour, 'search', '', least(found, 1), lang, sum(count)::int from old group by menu_id, hour, least(found, 1), lang
      on conflict (menu_id, hour, kind, subject, found, lang) do update set count = ${menuEventCounts}.count + excluded.count
    )
    select count(*)::int as "forgotten" from old`)) as unknown as { rows: { forgotten: number }[] };
  return result.rows[0]?.forgotten ?? 0;
}

export interface SearchWordsRetentionDeps {
  db: Db;
  log: FastifyBaseLogger;
  /**
   * Told of every run and how many rows it folded, in the run's own transaction (the LGPD screen shows when the rule
   * last ran, and the audit trail records the system's run).
   */
  onRun?: (tx: Executor, forgotten: number) => Promise<void>;
}

export function registerSearchWordsRetention(jobs: JobRunner, deps: SearchWordsRetentionDeps): void {
  jobs.register<Record<string, never>>({
    name: SEARCH_WORDS_RETENTION_QUEUE,
    schedule: { cron: DAILY, data: {} },
    queue: { policy: 'stately' },
    async handle() {
      const forgotten = await deps.db.transaction(async (tx) => {
        const folded = await forgetOldSearchWords(tx);
        await deps.onRun?.(tx, folded);
        return folded;
      });
      deps.log.info({ forgotten }, 'old menu search words forgotten');
    },
  });
}
