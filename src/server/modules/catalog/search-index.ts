import { compareKeys, IdTable, idFromBytes, idToBytes } from './search-index-ids.js';

/** A catalogue wine as the search reads it: folded text (catalog_wines.search_text, sort_key and the *_key columns). */
export interface SearchIndexRow {
  id: string;
  searchText: string;
  /** The folded name the catalogue is listed by (byte order, then id). */
  sortKey: string;
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

/** One change read from catalog_changes: the wine as it is now, or `row` absent when it is gone. */
export interface SearchIndexChange {
  id: string;
  row?: SearchIndexRow;
}

/** The kept lists of recent parts hold at most this many rows per wine (4 bytes each): memory grows with the catalogue. */
const RECENT_ROWS_PER_WINE = 2;
/** Marks of the other words of recent searches kept (a byte per vocabulary word each). */
const RECENT_MARKS = 8;

/** The distinct values of a filtered column, each row holding its value's number (0: none). */
class Dictionary {
  readonly values: string[] = [''];
  private readonly numbers = new Map<string, number>([['', 0]]);
  numberOf(value: string | null): number {
    const key = value ?? '';
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(key);
      this.numbers.set(key, n);
    }
    return n;
  }
  /** Which values contain `part`: one test per distinct value instead of one per row. */
  containing(part: string): Uint8Array {
    return Uint8Array.from(this.values, (v) => (v.includes(part) ? 1 : 0));
  }
}

/** Grows a typed array by doubling (the builder does not know the catalogue's size). */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

const NAME_APART = 255;

type Codes = Uint16Array | Int32Array;

/** Dictionary numbers in two bytes each when they fit. */
function compact(codes: Int32Array): Codes {
  let max = 0;
  for (const code of codes) if (code > max) max = code;
  return max < 65_536 ? Uint16Array.from(codes) : codes.slice();
}

/** Lets the event loop serve requests between slices of a long build. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const ROWS_PER_SLICE = 5_000;

/**
 * Collects rows in name order, a slice at a time (the loader awaits between slices), and turns them into an index.
 * Memory per row: its id (16 bytes), the numbers of its text's words in order (the text is spelled again from them
 * when needed), three dictionary numbers, its name's word count, and its place in each word's list of rows; never the
 * texts as JavaScript strings, which one non-Latin-1 letter (an en dash) makes two bytes a letter (figures: decision 0075).
 */
export class SearchIndexBuilder {
  private ids = new Uint8Array(16 * 1024);
  private size_ = 0;
  /** Texts that are not their words joined by one space (written straight into the table), kept as they are. */
  private readonly textsApart = new Map<number, string>();
  private readonly sortKeyWords = new IntList();
  private readonly sortKeysApart = new Map<number, string>();
  private readonly countries = new IntList();
  private readonly grapes = new IntList();
  private readonly styles = new IntList();
  private readonly dictionaries = { country: new Dictionary(), grape: new Dictionary(), style: new Dictionary() };
  private readonly wordNumbers = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly rowWords = new IntList();
  private readonly rowWordEnds = new IntList();

  get size(): number {
    return this.size_;
  }

  add(row: SearchIndexRow): void {
    const i = this.size_++;
    if ((i + 1) * 16 > this.ids.length) {
      const bigger = new Uint8Array(this.ids.length * 2);
      bigger.set(this.ids);
      this.ids = bigger;
    }
    idToBytes(row.id, this.ids, i * 16);
    // A folded text is its words joined by single spaces: the row keeps its words' numbers, in order, not the text.
    const words = row.searchText.split(' ').filter(Boolean);
    if (words.join(' ') !== row.searchText) this.textsApart.set(i, row.searchText);
    // The text begins with the folded name (catalogSearchText): the name's word count is enough to spell it again.
    const nameWords = row.sortKey === '' ? 0 : row.sortKey.split(' ').length;
    const prefix =
      !this.textsApart.has(i) &&
      nameWords < NAME_APART &&
      row.searchText.startsWith(row.sortKey) &&
      [undefined, ' '].includes(row.searchText[row.sortKey.length]);
    this.sortKeyWords.push(prefix ? nameWords : NAME_APART);
    if (!prefix) this.sortKeysApart.set(i, row.sortKey);
    this.countries.push(this.dictionaries.country.numberOf(row.countryKey));
    this.grapes.push(this.dictionaries.grape.numberOf(row.grapeVarietyKey));
    this.styles.push(this.dictionaries.style.numberOf(row.wineStyleKey));
    for (const word of words) {
      let w = this.wordNumbers.get(word);
      if (w === undefined) {
        w = this.words.length;
        this.words.push(word);
        this.wordNumbers.set(word, w);
      }
      this.rowWords.push(w);
    }
    this.rowWordEnds.push(this.rowWords.length);
  }

  /** Adds rows a slice at a time, letting requests in between. */
  async addAll(rows: Iterable<SearchIndexRow>): Promise<void> {
    let n = 0;
    for (const row of rows) {
      this.add(row);
      if (++n % ROWS_PER_SLICE === 0) await breathe();
    }
  }

  /** The index (`revision`: catalog_revision when the rows were read); the builder is spent. */
  async build(revision: number): Promise<CatalogSearchIndex> {
    const wordCount = this.words.length;
    // Each word's rows, ascending (CSR): counted, then filled in row order.
    const starts = new Int32Array(wordCount + 1);
    const size = this.size_;
    const rowWords = this.rowWords.data.slice(0, this.rowWords.length);
    const rowWordStarts = new Int32Array(size + 1);
    rowWordStarts.set(this.rowWordEnds.data.subarray(0, size), 1);
    // A word twice in one text ("rose rose") lists its row once.
    const lastRow = new Int32Array(wordCount).fill(-1);
    for (let r = 0; r < size; r++) {
      for (let k = rowWordStarts[r] as number; k < (rowWordStarts[r + 1] as number); k++) {
        const w = rowWords[k] as number;
        if (lastRow[w] === r) continue;
        lastRow[w] = r;
        (starts[w + 1] as number)++;
      }
    }
    for (let w = 0; w < wordCount; w++) starts[w + 1] = (starts[w + 1] as number) + (starts[w] as number);
    await breathe();
    const fill = starts.slice(0, wordCount);
    const rows = new Int32Array(starts[wordCount] as number);
    lastRow.fill(-1);
    for (let r = 0; r < size; r++) {
      for (let k = rowWordStarts[r] as number; k < (rowWordStarts[r + 1] as number); k++) {
        const w = rowWords[k] as number;
        if (lastRow[w] === r) continue;
        lastRow[w] = r;
        const at = fill[w] as number;
        rows[at] = r;
        fill[w] = at + 1;
      }
      if (r % (ROWS_PER_SLICE * 10) === 0) await breathe();
    }
    const wordStarts = new Int32Array(wordCount + 1);
    let offset = 0;
    for (let w = 0; w < wordCount; w++) {
      wordStarts[w] = offset;
      offset += (this.words[w] as string).length + 1;
    }
    wordStarts[wordCount] = offset;
    const vocabulary = `${this.words.join('\n')}\n`;
    await breathe();
    const ids = this.ids.slice(0, size * 16);
    const idTable = new IdTable(ids, size);
    return new CatalogSearchIndex(revision, {
      ids,
      idTable,
      size,
      rowWords,
      rowWordStarts,
      textsApart: this.textsApart,
      sortKeyWords: Uint8Array.from(this.sortKeyWords.data.subarray(0, size)),
      sortKeysApart: this.sortKeysApart,
      countries: compact(this.countries.data.subarray(0, size)),
      grapes: compact(this.grapes.data.subarray(0, size)),
      styles: compact(this.styles.data.subarray(0, size)),
      dictionaries: this.dictionaries,
      vocabulary,
      wordStarts,
      starts,
      rows,
    });
  }
}

interface Base {
  ids: Uint8Array;
  idTable: IdTable;
  size: number;
  /** Row r's words, in the order of its text: rowWords[rowWordStarts[r]] to rowWords[rowWordStarts[r + 1] - 1]. */
  rowWords: Int32Array;
  rowWordStarts: Int32Array;
  textsApart: Map<number, string>;
  /** How many of its first words spell a row's name (NAME_APART: the name is in sortKeysApart). */
  sortKeyWords: Uint8Array;
  sortKeysApart: Map<number, string>;
  countries: Codes;
  grapes: Codes;
  styles: Codes;
  dictionaries: { country: Dictionary; grape: Dictionary; style: Dictionary };
  /** The distinct words of the search texts, one string ("word\nword\n..."), and where each begins in it. */
  vocabulary: string;
  wordStarts: Int32Array;
  /** Word w's rows, ascending, are rows[starts[w]] to rows[starts[w + 1] - 1]. */
  starts: Int32Array;
  rows: Int32Array;
}

/** A wine written since the base was built, kept apart until the next compaction. */
interface AddedRow extends SearchIndexRow {
  sortKey: string;
}

/** What a search tests on a row, worked out once per search. */
interface Test {
  words: readonly string[];
  /** For each word, which vocabulary words contain it. */
  marks: Uint8Array[];
  grape: string;
  country?: Uint8Array;
  grapes?: Uint8Array;
  style?: Uint8Array;
  criteria: SearchCriteria;
}

/**
 * The catalogue's searchable columns in name order (sort_key collate "C", id, as the database sorts them), held in
 * memory by each app process (decisions 0030 and 0036), with the rows of each word of the search texts. A searched
 * word has no space, so it appears in a text exactly when it appears in one of the text's words: the words containing
 * it give the candidate rows, in name order, and the search reads those only, stopping once it has the page and more
 * matches than the count reports.
 *
 * Changes are applied in place (`apply`): a written wine's old row is marked removed and its new one kept apart, in
 * name order, and merged into every search; `compacted()` folds them into a new base in the background.
 */
export class CatalogSearchIndex {
  private readonly removed: Uint8Array;
  private removedCount = 0;
  private readonly addedById = new Map<string, AddedRow>();
  /** addedById's rows in name order. */
  private added: AddedRow[] = [];
  /** Searches repeat their words (a list paged, filtered, typed letter by letter): their rows, oldest first. */
  private readonly recent = new Map<string, Int32Array>();
  private recentRows = 0;
  private readonly recentMarks = new Map<string, Uint8Array>();

  constructor(
    public revision: number,
    private readonly base: Base,
  ) {
    this.removed = new Uint8Array(base.size);
  }

  /** Builds an index from rows in name order (tests, and small catalogues). */
  static async from(revision: number, rows: readonly SearchIndexRow[]): Promise<CatalogSearchIndex> {
    const builder = new SearchIndexBuilder();
    await builder.addAll(rows);
    return builder.build(revision);
  }

  get size(): number {
    return this.base.size - this.removedCount + this.added.length;
  }

  /** Rows written since the base was built: past a threshold the index is worth compacting. */
  get pendingChanges(): number {
    return this.removedCount + this.added.length;
  }

  /** Applies the changes up to `revision` (each wine as it is now, or gone). */
  apply(revision: number, changes: readonly SearchIndexChange[]): void {
    for (const { id, row } of changes) {
      for (const i of this.base.idTable.positionsOf(id)) {
        if (this.removed[i]) continue;
        this.removed[i] = 1;
        this.removedCount++;
      }
      this.addedById.delete(id);
      if (row) this.addedById.set(id, row);
    }
    // The kept rows of recent parts stay right: they list base rows, and removed ones are skipped by every search.
    if (changes.length > 0) this.added = [...this.addedById.values()].sort((a, b) => compareKeys(a.sortKey, a.id, b.sortKey, b.id));
    this.revision = revision;
  }

  /** The same index with the changes folded into a new base, built a slice at a time. */
  async compacted(): Promise<CatalogSearchIndex> {
    const revision = this.revision;
    const builder = new SearchIndexBuilder();
    await builder.addAll(this.liveRows([...this.added], this.removed.slice()));
    return builder.build(revision);
  }

  /** Every row, in name order (a snapshot: later changes do not show). */
  private *liveRows(added: AddedRow[], removed: Uint8Array): Generator<SearchIndexRow> {
    let a = 0;
    for (let i = 0; i < this.base.size; i++) {
      if (removed[i]) continue;
      const key = this.sortKeyOf(i);
      const id = idFromBytes(this.base.ids, i * 16);
      while (a < added.length && compareKeys((added[a] as AddedRow).sortKey, (added[a] as AddedRow).id, key, id) < 0)
        yield added[a++] as AddedRow;
      yield {
        id,
        searchText: this.textOf(i),
        sortKey: key,
        countryKey: this.base.dictionaries.country.values[this.base.countries[i] as number] || null,
        grapeVarietyKey: this.base.dictionaries.grape.values[this.base.grapes[i] as number] || null,
        wineStyleKey: this.base.dictionaries.style.values[this.base.styles[i] as number] || null,
      };
    }
    while (a < added.length) yield added[a++] as AddedRow;
  }

  /** The same matches as `like '%word%'` on each column (the SQL it replaces), page and count capped at `cap`. */
  find(criteria: SearchCriteria, offset: number, limit: number, cap: number): SearchPage {
    const pageEnd = offset + limit;
    // The longest word is likely the rarest: its rows are the candidates, the other words are checked on each.
    const longest = criteria.words.reduce((a, b) => (b.length > a.length ? b : a), '');
    const others = criteria.words.filter((word) => word !== longest);
    const test = this.testOf(criteria, others);
    const candidates = longest ? this.rowsContaining(longest) : undefined;
    const extra = this.added.filter((row) => addedMatches(row, criteria));
    const simple = others.length === 0 && !criteria.country && !criteria.grape && !criteria.style;
    if (candidates && simple && this.removedCount === 0 && extra.length === 0) {
      // One word, no filter, no change since the build: every candidate matches.
      const page = Array.from(candidates.subarray(offset, pageEnd), (i) => idFromBytes(this.base.ids, i * 16));
      return { ids: page, found: Math.min(candidates.length, cap + 1) };
    }
    const ids: string[] = [];
    let found = 0;
    let e = 0;
    const take = (id: () => string) => {
      if (found >= offset && found < pageEnd) ids.push(id());
      found++;
      return found > cap && found >= pageEnd;
    };
    const count = candidates ? candidates.length : this.base.size;
    for (let k = 0; k < count; k++) {
      const i = candidates ? (candidates[k] as number) : k;
      if (this.removed[i] || !this.matches(i, test)) continue;
      // The changed wines that sort before this row come first.
      if (e < extra.length) {
        const key = this.sortKeyOf(i);
        const id = idFromBytes(this.base.ids, i * 16);
        while (e < extra.length && compareKeys((extra[e] as AddedRow).sortKey, (extra[e] as AddedRow).id, key, id) < 0) {
          const row = extra[e++] as AddedRow;
          if (take(() => row.id)) return { ids, found };
        }
      }
      if (take(() => idFromBytes(this.base.ids, i * 16))) return { ids, found };
    }
    while (e < extra.length) {
      const row = extra[e++] as AddedRow;
      if (take(() => row.id)) break;
    }
    return { ids, found };
  }

  private testOf(criteria: SearchCriteria, words: readonly string[]): Test {
    const { dictionaries } = this.base;
    return {
      words,
      marks: words.map((word) => this.wordsContaining(word)),
      grape: criteria.grape,
      criteria,
      ...(criteria.country && { country: dictionaries.country.containing(criteria.country) }),
      ...(criteria.grape && { grapes: dictionaries.grape.containing(criteria.grape) }),
      ...(criteria.style && { style: dictionaries.style.containing(criteria.style) }),
    };
  }

  private sortKeyOf(i: number): string {
    const count = this.base.sortKeyWords[i] as number;
    if (count === NAME_APART) return this.base.sortKeysApart.get(i) ?? '';
    return this.spell(i, count);
  }

  private textOf(i: number): string {
    return this.base.textsApart.get(i) ?? this.spell(i, Number.POSITIVE_INFINITY);
  }

  /** The first `count` words of row i, joined by single spaces. */
  private spell(i: number, count: number): string {
    const { rowWords, rowWordStarts } = this.base;
    const start = rowWordStarts[i] as number;
    const end = Math.min(rowWordStarts[i + 1] as number, start + count);
    let text = '';
    for (let k = start; k < end; k++) text += (k > start ? ' ' : '') + this.word(rowWords[k] as number);
    return text;
  }

  private word(w: number): string {
    const { vocabulary, wordStarts } = this.base;
    return vocabulary.slice(wordStarts[w], (wordStarts[w + 1] as number) - 1);
  }

  /** Marks the vocabulary words that contain `part` (the last few parts' marks are kept: one byte per word each). */
  private wordsContaining(part: string): Uint8Array {
    const known = this.recentMarks.get(part);
    if (known) return known;
    const { vocabulary, wordStarts } = this.base;
    const marks = new Uint8Array(wordStarts.length - 1);
    this.recentMarks.set(part, marks);
    for (const oldest of this.recentMarks.keys()) {
      if (this.recentMarks.size <= RECENT_MARKS) break;
      this.recentMarks.delete(oldest);
    }
    for (let at = vocabulary.indexOf(part); at !== -1; ) {
      const w = this.wordAt(at);
      marks[w] = 1;
      at = vocabulary.indexOf(part, wordStarts[w + 1]);
    }
    return marks;
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
      if (this.recentRows <= RECENT_ROWS_PER_WINE * this.base.size) break;
      this.recent.delete(oldest);
      this.recentRows -= list.length;
    }
    return rows;
  }

  private collectRows(part: string): Int32Array {
    const { vocabulary, wordStarts, starts } = this.base;
    const lists: Int32Array[] = [];
    let total = 0;
    // One scan of the vocabulary (a newline never matches: words and searched parts have none), word by word.
    for (let at = vocabulary.indexOf(part); at !== -1; ) {
      const w = this.wordAt(at);
      const list = this.base.rows.subarray(starts[w], starts[w + 1]);
      lists.push(list);
      total += list.length;
      at = vocabulary.indexOf(part, wordStarts[w + 1]);
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
    const { wordStarts } = this.base;
    let low = 0;
    let high = wordStarts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((wordStarts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private matches(i: number, test: Test): boolean {
    const { base } = this;
    if (test.country && !test.country[base.countries[i] as number]) return false;
    if (test.style && !test.style[base.styles[i] as number]) return false;
    if (test.grapes && !test.grapes[base.grapes[i] as number]) return false;
    const apart = base.textsApart.size > 0 ? base.textsApart.get(i) : undefined;
    if (apart !== undefined) {
      for (const word of test.words) if (!apart.includes(word)) return false;
    } else if (test.marks.length > 0) {
      // A searched word has no space: it is in the text exactly when one of the text's words contains it.
      const end = base.rowWordStarts[i + 1] as number;
      for (const marks of test.marks) {
        let found = false;
        for (let k = base.rowWordStarts[i] as number; k < end && !found; k++) found = marks[base.rowWords[k] as number] === 1;
        if (!found) return false;
      }
    }
    // The grape column holds it; the text normally does too (it may hold a space: checked on the spelled text, last).
    if (test.grape && !this.textOf(i).includes(test.grape)) return false;
    return true;
  }
}

/** The same test on a row kept apart. */
function addedMatches(row: SearchIndexRow, { words, country, grape, style }: SearchCriteria): boolean {
  const text = row.searchText;
  for (const word of words) if (!text.includes(word)) return false;
  if (grape && !(text.includes(grape) && (row.grapeVarietyKey ?? '').includes(grape))) return false;
  if (country && !(row.countryKey ?? '').includes(country)) return false;
  if (style && !(row.wineStyleKey ?? '').includes(style)) return false;
  return true;
}
