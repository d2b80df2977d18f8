import * as XLSX from '@e965/xlsx';
import { MAX_IMPORT_COLUMNS } from '../../../shared/product-import.js';

/**
 * Builds a sheet from its lines as a reader finds them: empty lines are dropped but the others keep their line
 * number, the first line with text is the header, and the columns end at the header's last name. Every data row is
 * counted; which rows are kept is the caller's choice (the first few for a preview, those past a checkpoint for a
 * resumed import), and kept rows can be taken out in batches while the reading goes on.
 */
export interface ParsedSheet {
  columns: string[];
  /** The line of each kept row in the sheet (1 is the first line), for messages such as "Linha 17: ...". */
  lines: number[];
  rows: string[][];
  /** Every data row of the sheet, kept or not (up to the limit). */
  totalRows: number;
  /** Data rows beyond the limit were found (the rest was not read). */
  truncated: boolean;
}

export type ParseOutcome = { ok: true; sheet: ParsedSheet } | { ok: false; reason: 'protected' | 'corrupt' | 'empty' | 'too_many_columns' };

/** Called between chunks of the reading: where a streaming reader hands its rows over (and may wait for room). */
export type Between = () => Promise<void> | void;

export interface KeepRows {
  /** Data rows before this index are counted, not kept. */
  skip?: number;
  /** At most this many rows are kept (after `skip`). */
  keep?: number;
}

export class SheetAssembler {
  private header: string[] | undefined;
  private columnNames: string[] = [];
  private width = 0;
  private lines: number[] = [];
  private rows: string[][] = [];
  private total = 0;
  private truncated = false;
  private tooWide = false;
  private readonly skip: number;
  private readonly keep: number;

  constructor(
    readonly maxRows: number,
    options: KeepRows = {},
  ) {
    this.skip = options.skip ?? 0;
    this.keep = options.keep ?? Number.POSITIVE_INFINITY;
  }

  /** One line of the sheet (cells may be sparse); false once the limit is passed and reading can stop. */
  addLine(line: number, cells: readonly (string | undefined)[]): boolean {
    if (!cells.some((text) => text)) return true;
    if (this.tooWide) return false;
    if (!this.header) {
      this.width = lastUsedColumn(cells);
      // A header of 200,000 names is no price list: stop before holding (and storing a preview of) such rows.
      if (this.width > MAX_IMPORT_COLUMNS) {
        this.tooWide = true;
        return false;
      }
      this.header = Array.from({ length: this.width }, (_, c) => cells[c] ?? '');
      this.columnNames = columnNames(this.header);
      return true;
    }
    if (this.total === this.maxRows) {
      this.truncated = true;
      return false;
    }
    const index = this.total++;
    if (index >= this.skip && index - this.skip < this.keep) {
      this.lines.push(line);
      this.rows.push(Array.from({ length: this.width }, (_, c) => cells[c] ?? ''));
    }
    return true;
  }

  get hasHeader(): boolean {
    return this.header !== undefined;
  }

  get columns(): string[] {
    return this.columnNames;
  }

  /** Rows kept and not yet taken. */
  get pending(): number {
    return this.rows.length;
  }

  /** Hands over the first `limit` rows kept and not yet taken (all of them by default). */
  take(limit = this.rows.length): { lines: number[]; rows: string[][] } {
    const taken = { lines: this.lines.slice(0, limit), rows: this.rows.slice(0, limit) };
    this.lines = this.lines.slice(limit);
    this.rows = this.rows.slice(limit);
    return taken;
  }

  result(): ParseOutcome {
    if (this.tooWide) return { ok: false, reason: 'too_many_columns' };
    if (!this.header) return { ok: false, reason: 'empty' };
    return {
      ok: true,
      sheet: { columns: this.columnNames, lines: this.lines, rows: this.rows, totalRows: this.total, truncated: this.truncated },
    };
  }
}

function lastUsedColumn(cells: readonly (string | undefined)[]): number {
  let last = cells.length;
  while (last > 0 && !cells[last - 1]) last--;
  return last;
}

/** Headers as given, trimmed; an empty one becomes "Coluna C", a repeated one "Preço (2)". */
function columnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((text, index) => {
    const base = text || `Coluna ${XLSX.utils.encode_col(index)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}
