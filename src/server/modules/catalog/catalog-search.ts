import { foldText, searchTerms } from '../../../shared/text-search.js';
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';
import { CatalogSearchIndex } from './search-index.js';

/**
 * Counting every match of a broad word ("cabernet" in 15,000 of 50,000 wines) costs more than finding the
 * page itself, and nobody pages through thousands of results: beyond this the total is reported as capped.
 */
export const COUNT_CAP = 1000;

export interface SearchResult {
  rows: repo.CatalogWinePageRow[];
  /** Exact when `capped` is false; otherwise at least this many match. */
  total: number;
  capped: boolean;
}

interface IndexState {
  index?: CatalogSearchIndex;
  /** The rebuild under way, shared by the searches that wait for it. */
  loading?: Promise<CatalogSearchIndex>;
}

const states = new WeakMap<Db, IndexState>();

/** Reads the catalogue's searchable columns again (after any write to it, on the next search). */
function rebuild(db: Db, state: IndexState): Promise<CatalogSearchIndex> {
  state.loading ??= repo
    .loadSearchIndexRows(db)
    .then(({ revision, rows }) => {
      state.index = new CatalogSearchIndex(revision, rows);
      return state.index;
    })
    .finally(() => {
      state.loading = undefined;
    });
  return state.loading;
}

/**
 * The catalogue search (decision 0030): the page's ids come from this process's in-memory index, the page itself from
 * the database together with the catalogue's revision. When the revision moved on (a wine written since the index
 * was read, by this process or another), the index is read again and the search runs once more; a write racing that
 * second read only shows on the next search.
 */
export async function searchCatalog(db: Db, search: repo.CatalogSearch): Promise<SearchResult> {
  const criteria = {
    words: searchTerms(search.q),
    country: foldText(search.country),
    grape: foldText(search.grapeVariety),
    style: foldText(search.wineStyle),
  };
  const cap = Math.max(COUNT_CAP, search.offset + search.limit);
  let state = states.get(db);
  if (!state) {
    state = {};
    states.set(db, state);
  }
  let index = state.index ?? (await rebuild(db, state));
  for (let attempt = 0; ; attempt++) {
    const { ids, found } = index.find(criteria, search.offset, search.limit, cap);
    const page = await repo.findPage(db, ids);
    if (page.revision === index.revision || attempt > 0) {
      return found > cap ? { rows: page.rows, total: cap, capped: true } : { rows: page.rows, total: found, capped: false };
    }
    index = await rebuild(db, state);
  }
}
