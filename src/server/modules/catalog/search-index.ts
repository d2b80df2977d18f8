/** A catalogue wine as the search reads it: folded text (catalog_wines.search_text and the *_key columns). */
export interface SearchIndexRow {
  id: string;
  searchText: string;
  countryKey: string | null;
  grapeVarietyKey: string | null;
  wineStyleKey: string | null;
}

/** Folded like foldText(); an empty filter filters nothing. */
export interface SearchCriteria {
  /** Every word must appear in the wine's search text. */
  words: readonly string[];
  country: string;
  /** Must appear in the grape column (and so in the search text). */
  grape: string;
  style: string;
}

export interface SearchPage {
  /** The ids of the matches from `offset` on, at most `limit`, in name order. */
  ids: string[];
  /** How many wines match, counted up to cap + 1: more than `cap` means "at least that many". */
  found: number;
}

/** The kept lists of recent parts hold at most this many rows per wine (4 bytes each): 4 MB at 500,000 wines. */
const RECENT_ROWS_PER_WINE = 2;

/**
 * The catalogue's searchable columns in name order (sort_key collate "C", id, as the database sorts them), held in
 * memory by each app process (decision 0030), with the rows of each word of the search texts. A searched word has no
 * space, so it appears in a text exactly when it appears in one of the text's words: the words containing it give the
 * candidate rows, in name order, and the search reads those only, stopping once it has the page and more matches than
 * the count reports. About 4 MB per 10,000 wines, strings included.
 */
export class CatalogSearchIndex {
  private readonly ids: string[];
  private readonly texts: string[];
  private readonly countries: string[];
  private readonly grapes: string[];
  private readonly styles: string[];
  /** The distinct words of the search texts, one string ("word\nword\n..."), and where each begins in it. */
  private readonly vocabulary: string;
  private readonly wordStarts: Int32Array;
  /** Word w's rows, ascending, are rows[starts[w]] to rows[starts[w + 1] - 1]. */
  private readonly starts: Int32Array;
  private readonly rows: Int32Array;
  /** Searches repeat their words (a list paged, filtered, typed letter by letter): their rows, oldest first. */
  private readonly recent = new Map<string, Int32Array>();
  private recentRows = 0;

  /** `rows` in name order; `revision` is catalog_revision's value when they were read. */
  constructor(
    readonly revision: number,
    rows: readonly SearchIndexRow[],
  ) {
    this.ids = rows.map((r) => r.id);
    this.texts = rows.map((r) => r.searchText);
    this.countries = rows.map((r) => r.countryKey ?? '');
    this.grapes = rows.map((r) => r.grapeVarietyKey ?? '');
    this.styles = rows.map((r) => r.wineStyleKey ?? '');
    const byWord = new Map<string, number[]>();
    rows.forEach((row, i) => {
      for (const word of new Set(row.searchText.split(' '))) {
        if (!word) continue;
        const list = byWord.get(word);
        if (list) list.push(i);
        else byWord.set(word, [i]);
      }
    });
    const words = [...byWord.keys()];
    this.vocabulary = `${words.join('\n')}\n`;
    this.wordStarts = new Int32Array(words.length + 1);
    this.starts = new Int32Array(words.length + 1);
    let offset = 0;
    let total = 0;
    words.forEach((word, w) => {
      this.wordStarts[w] = offset;
      offset += word.length + 1;
      this.starts[w] = total;
      total += byWord.get(word)?.length ?? 0;
    });
    this.wordStarts[words.length] = offset;
    this.starts[words.length] = total;
    this.rows = new Int32Array(total);
    words.forEach((word, w) => {
      this.rows.set(byWord.get(word) ?? [], this.starts[w]);
    });
  }

  get size(): number {
    return this.ids.length;
  }

  /** The same matches as `like '%word%'` on each column (the SQL it replaces), page and count capped at `cap`. */
  find(criteria: SearchCriteria, offset: number, limit: number, cap: number): SearchPage {
    const pageEnd = offset + limit;
    // The longest word is likely the rarest: its rows are the candidates, the other words are checked on each.
    const longest = criteria.words.reduce((a, b) => (b.length > a.length ? b : a), '');
    const others = { ...criteria, words: criteria.words.filter((word) => word !== longest) };
    const candidates = longest ? this.rowsContaining(longest) : undefined;
    if (candidates && others.words.length === 0 && !others.country && !others.grape && !others.style) {
      // One word and no filter: every candidate matches.
      const page = Array.from(candidates.subarray(offset, pageEnd), (i) => this.ids[i] as string);
      return { ids: page, found: Math.min(candidates.length, cap + 1) };
    }
    const ids: string[] = [];
    let found = 0;
    const count = candidates ? candidates.length : this.ids.length;
    for (let k = 0; k < count; k++) {
      const i = candidates ? (candidates[k] as number) : k;
      if (!this.matches(i, others)) continue;
      if (found >= offset && found < pageEnd) ids.push(this.ids[i] as string);
      found++;
      if (found > cap && found >= pageEnd) break;
    }
    return { ids, found };
  }

  /** The rows whose search text contains `part` (no space), ascending; those of recent parts are kept. */
  private rowsContaining(part: string): Int32Array {
    const known = this.recent.get(part);
    if (known) return known;
    const rows = this.collectRows(part);
    this.recent.set(part, rows);
    this.recentRows += rows.length;
    // Bounded by the rows listed (broad parts list most of the catalogue), the oldest parts go first.
    for (const [oldest, list] of this.recent) {
      if (this.recentRows <= RECENT_ROWS_PER_WINE * this.ids.length) break;
      this.recent.delete(oldest);
      this.recentRows -= list.length;
    }
    return rows;
  }

  private collectRows(part: string): Int32Array {
    const lists: Int32Array[] = [];
    let total = 0;
    // One scan of the vocabulary (a newline never matches: words and searched parts have none), word by word.
    for (let at = this.vocabulary.indexOf(part); at !== -1; ) {
      const w = this.wordAt(at);
      const list = this.rows.subarray(this.starts[w], this.starts[w + 1]);
      lists.push(list);
      total += list.length;
      at = this.vocabulary.indexOf(part, this.wordStarts[w + 1]);
    }
    if (lists.length === 0) return new Int32Array(0);
    if (lists.length === 1) return lists[0] as Int32Array;
    const all = new Int32Array(total);
    let at = 0;
    for (const list of lists) {
      all.set(list, at);
      at += list.length;
    }
    all.sort();
    // A row with two words containing `part` ("rose" in "rose" and "primrose") is listed once.
    let unique = 0;
    for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) all[unique++] = all[k] as number;
    return all.subarray(0, unique);
  }

  /** The word whose text holds vocabulary position `at` (binary search). */
  private wordAt(at: number): number {
    let low = 0;
    let high = this.wordStarts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.wordStarts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private matches(i: number, { words, country, grape, style }: SearchCriteria): boolean {
    const text = this.texts[i] as string;
    for (const word of words) if (!text.includes(word)) return false;
    if (grape && !(text.includes(grape) && (this.grapes[i] as string).includes(grape))) return false;
    if (country && !(this.countries[i] as string).includes(country)) return false;
    if (style && !(this.styles[i] as string).includes(style)) return false;
    return true;
  }
}
