import type { FieldMapping } from '../../../shared/product-import.js';
import { foldText } from '../../../shared/text-search.js';
import type { SheetBatch } from './worker-messages.js';

/**
 * The first line of the sheet that names each SKU (per supplier, as the sheet writes its name), whether that line was
 * imported or refused: a SKU repeated after a line with a bad price is still a repeat, and says which line it repeats.
 * Kept for one run of the import; lines an earlier run imported are found in the database instead.
 */
export class SheetSkus {
  private readonly first = new Map<string, number>();

  constructor(
    private readonly mapping: FieldMapping,
    private readonly supplierFromColumn: boolean,
  ) {}

  /** The line before row `index` of the batch with the same SKU, if any; this line is remembered when it is the first. */
  earlierLine(batch: SheetBatch, index: number): { sku: string; line: number } | undefined {
    const cell = (column: string | undefined) => {
      const at = column ? batch.columns.indexOf(column) : -1;
      return at < 0 ? '' : (batch.rows[index]?.[at] ?? '').trim().normalize('NFC');
    };
    const sku = cell(this.mapping.sku);
    if (!sku) return undefined;
    const key = `${this.supplierFromColumn ? foldText(cell(this.mapping.supplier)) : ''}\n${sku}`;
    const line = batch.lines[index] ?? index + 2;
    const first = this.first.get(key);
    if (first === undefined || first === line) {
      this.first.set(key, line);
      return undefined;
    }
    return { sku, line: first };
  }
}
