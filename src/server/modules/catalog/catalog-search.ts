import { foldText, searchTerms } from '../../../shared/text-search.js';
import type { Db } from '../../db/client.js';
import { inBackground } from '../../db/fair-share.js';
import * as repo from './repository.js';
import { type CatalogSearchIndex, type SearchCriteria, SearchIndexBuilder } from './search-index.js';

/**
 * Counting every match of a broad word ("cabernet" in 15,000 of 50,000 wines) costs more than finding the
 * page itself, and nobody pages through thousands of results: beyond this the total is reported as capped.
 */
export const COUNT_CAP = 1000;

/** Rows per statement while the index loads: on PGlite each slice holds the only connection for a few ms. */
const LOAD_SLICE = 5_000;
/** More changed wines than this since the index's revision are not applied during a search: the index is read again. */
const MAX_CHANGES_APPLIED = 2_000;
/** Changes kept apart beyond this (or 2% of the catalogue) are folded into a new index in the background. */
const COMPACT_AFTER = 5_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface SearchResult {
  rows: repo.CatalogWinePageRow[];
  /** Exact when `capped` is false; otherwise at least this many match. */
  total: number;
  capped: boolean;
}

export interface CatalogSearchOptions {
  /** Tests only: the index load waits for this (a process whose index is still loading). */
  beforeLoad?: () => Promise<void>;
  onError?: (err: unknown) => void;
}

/**
 * The catalogue search of one app process (decisions 0030 and 0036): the page's ids come from an in-memory index, the
 * page itself from the database together with the catalogue's revision. When the revision moved on (a wine written
 * since, by this process or another), the changes since the index's revision are applied and the search runs once
 * more. Until the index is loaded (in the background, after the first search), and while it is read again after a
 * bulk change, searches are answered in SQL: nothing waits for a load inside a request.
 */
export class CatalogSearch {
  private index: CatalogSearchIndex | undefined;
  private loading: Promise<void> | undefined;
  private compacting = false;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly options: CatalogSearchOptions = {},
  ) {}

  /** Whether searches are answered by the index (false: by SQL, while it loads). */
  get indexed(): boolean {
    return this.index !== undefined;
  }

  /** Starts loading the index when it is not there; resolves once a load under way ends. */
  whenLoaded(): Promise<void> {
    if (this.index) return Promise.resolve();
    this.startLoad();
    return this.loading ?? Promise.resolve();
  }

  async search(search: repo.CatalogSearch): Promise<SearchResult> {
    const criteria: SearchCriteria = {
      words: searchTerms(search.q),
      country: foldText(search.country),
      grape: foldText(search.grapeVariety),
      style: foldText(search.wineStyle),
    };
    const cap = Math.max(COUNT_CAP, search.offset + search.limit);
    const result = (rows: repo.CatalogWinePageRow[], found: number): SearchResult =>
      found > cap ? { rows, total: cap, capped: true } : { rows, total: found, capped: false };
    for (let attempt = 0; ; attempt++) {
      const index = this.index;
      if (!index) {
        this.startLoad();
        const { rows, found } = await repo.searchPage(this.db, criteria, search.offset, search.limit, cap);
        return result(rows, found);
      }
      const { ids, found } = index.find(criteria, search.offset, search.limit, cap);
      // The page, the revision and (when it moved on) the changes since the index's, all in one snapshot.
      const page = await repo.findPage(this.db, ids, { revision: index.revision, max: MAX_CHANGES_APPLIED });
      // A write racing the second read only shows on the next search.
      if (page.revision <= index.revision || attempt > 0) return result(page.rows, found);
      if (page.changes) this.applyChanges(index, page.changes);
      if (this.index !== index || index.revision !== page.revision) continue;
      // The index is now at the page's snapshot: when the changes left this page as it was, its rows are the answer.
      const now = index.find(criteria, search.offset, search.limit, cap);
      if (sameIds(now.ids, ids)) return result(page.rows, now.found);
    }
  }

  /** Applies changes read at a revision (several searches may read the same ones: applying again changes nothing). */
  private applyChanges(index: CatalogSearchIndex, since: repo.ChangesSince): void {
    if (this.index !== index || since.revision <= index.revision) return;
    if (since.kind === 'reload') {
      // Searches go to SQL until the catalogue is read again.
      this.index = undefined;
      this.startLoad();
      return;
    }
    index.apply(since.revision, since.changes);
    if (index.pendingChanges > Math.max(COMPACT_AFTER, index.size / 50)) this.startCompaction(index);
    this.pruneNowAndThen();
  }

  private startLoad(): void {
    this.loading ??= this.load()
      .catch((err: unknown) => this.options.onError?.(err))
      .finally(() => {
        this.loading = undefined;
      });
  }

  private async load(): Promise<void> {
    await this.options.beforeLoad?.();
    const index = await inBackground(async () => {
      const builder = new SearchIndexBuilder();
      let revision: number | undefined;
      let after: { sortKey: string; id: string } | undefined;
      for (;;) {
        const slice = await repo.loadSearchIndexSlice(this.db, after, LOAD_SLICE);
        // The first slice's revision: every change after it is applied once the catalogue is read.
        revision ??= slice.revision;
        await builder.addAll(slice.rows);
        const last = slice.rows.at(-1);
        if (!last || slice.rows.length < LOAD_SLICE) break;
        after = { sortKey: last.sortKey, id: last.id };
      }
      return builder.build(revision ?? 0);
    });
    this.index = index;
    this.pruneNowAndThen();
  }

  private startCompaction(index: CatalogSearchIndex): void {
    if (this.compacting) return;
    this.compacting = true;
    index
      .compacted()
      .then((compacted) => {
        // Changes applied meanwhile are applied again from the log by the next search.
        if (this.index === index) this.index = compacted;
      })
      .catch((err: unknown) => this.options.onError?.(err))
      .finally(() => {
        this.compacting = false;
      });
  }

  private pruneNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    inBackground(() => repo.pruneChanges(this.db)).catch((err: unknown) => this.options.onError?.(err));
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
