/** Wine ids (uuids) as 16 bytes each in one array: a half of what they take as strings. */

const HEX = '0123456789abcdef';
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => (HEX[b >> 4] as string) + (HEX[b & 15] as string));
const DASHES_AFTER = new Set([3, 5, 7, 9]);

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  throw new Error('not a uuid');
}

/** Writes the uuid `id` as 16 bytes at `offset`. */
export function idToBytes(id: string, target: Uint8Array, offset: number): void {
  let at = 0;
  for (let b = 0; b < 16; b++) {
    if (id.charCodeAt(at) === 45) at++;
    target[offset + b] = (hexValue(id.charCodeAt(at)) << 4) | hexValue(id.charCodeAt(at + 1));
    at += 2;
  }
  if (at !== id.length) throw new Error('not a uuid');
}

/** The uuid held at `offset`, lower case with dashes (as PostgreSQL prints it). */
export function idFromBytes(source: Uint8Array, offset: number): string {
  let id = '';
  for (let b = 0; b < 16; b++) {
    id += BYTE_HEX[source[offset + b] as number];
    if (DASHES_AFTER.has(b)) id += '-';
  }
  return id;
}

/** Name order as the database sorts it: sort_key collate "C", then id (a uuid sorts like its lower-case text). */
export function compareKeys(aKey: string, aId: string, bKey: string, bId: string): number {
  if (aKey !== bKey) return aKey < bKey ? -1 : 1;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

function hashAt(bytes: Uint8Array, offset: number): number {
  let h = 2_166_136_261;
  for (let b = 0; b < 16; b++) h = Math.imul(h ^ (bytes[offset + b] as number), 16_777_619);
  return h >>> 0;
}

/** Where each id sits among the rows (open addressing, 2 slots per row). */
export class IdTable {
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly probe = new Uint8Array(16);

  constructor(
    private readonly ids: Uint8Array,
    size: number,
  ) {
    let capacity = 16;
    while (capacity < size * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < size; i++) {
      let s = hashAt(ids, i * 16) & this.mask;
      while (this.slots[s] !== 0) s = (s + 1) & this.mask;
      this.slots[s] = i + 1;
    }
  }

  /** Every row holding `id` (a row read twice while the catalogue changed under a loader shows up twice). */
  positionsOf(id: string): number[] {
    try {
      idToBytes(id, this.probe, 0);
    } catch {
      return [];
    }
    const found: number[] = [];
    for (let s = hashAt(this.probe, 0) & this.mask; this.slots[s] !== 0; s = (s + 1) & this.mask) {
      const row = (this.slots[s] as number) - 1;
      if (this.same(row)) found.push(row);
    }
    return found;
  }

  private same(row: number): boolean {
    for (let b = 0; b < 16; b++) if (this.ids[row * 16 + b] !== this.probe[b]) return false;
    return true;
  }
}
