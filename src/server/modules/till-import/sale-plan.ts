import { rowMessage, type SourceRow } from '../../../shared/product-import.js';
import { MAX_LINES_PER_SALE, type TillSaleUnit } from '../../../shared/till-sales.js';
import { checkTillRow, TILL_IMPORT_TEXTS, type TillFieldMapping } from '../../../shared/till-sales-import.js';

export interface PlannedLine {
  line: number;
  code: string;
  quantity: number;
  unit: TillSaleUnit;
}

/** A sale of the sheet: its rows, in order. A refused sale records none of them, each with its reason. */
export type PlannedSale =
  | { ok: true; saleId: string; soldAt: string; lines: PlannedLine[] }
  | { ok: false; saleId: string; refused: { line: number; message: string }[] };

/** The sheet's sales, in the order they first appear: the order the job records them in and counts them by. */
export function planSales(rows: readonly SourceRow[], mapping: TillFieldMapping, linkedCodes: ReadonlySet<string>): PlannedSale[] {
  const groups = new Map<string, { row: SourceRow; check: ReturnType<typeof checkTillRow> }[]>();
  for (const row of rows) {
    const check = checkTillRow(row, mapping);
    // A row without a sale number is a sale of its own (refused): it joins no other.
    const key = check.saleId ? `#${check.saleId}` : `line ${row.line}`;
    const group = groups.get(key) ?? [];
    group.push({ row, check });
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => {
    const saleId = group[0]?.check.saleId ?? '';
    const problem = firstProblem(group, linkedCodes);
    if (problem) {
      return {
        ok: false,
        saleId,
        refused: group.map(({ row }) => ({
          line: row.line,
          message: rowMessage(
            row.line,
            row.line === problem.line || !saleId ? problem.reason : TILL_IMPORT_TEXTS.saleRefused(saleId, problem.line, problem.reason),
          ),
        })),
      };
    }
    const lines = group.flatMap(({ row, check }) =>
      check.ok ? [{ line: row.line, code: check.code, quantity: check.quantity, unit: check.unit }] : [],
    );
    const first = group[0]?.check;
    return { ok: true, saleId, soldAt: first?.ok ? first.soldAt : '', lines };
  });
}

/** The first row that keeps the sale out (a bad cell, a code linked to no wine), or a sale with too many lines. */
function firstProblem(
  group: readonly { row: SourceRow; check: ReturnType<typeof checkTillRow> }[],
  linkedCodes: ReadonlySet<string>,
): { line: number; reason: string } | undefined {
  for (const { row, check } of group) {
    if (!check.ok) return { line: row.line, reason: check.message };
    if (!linkedCodes.has(check.code)) return { line: row.line, reason: TILL_IMPORT_TEXTS.unknownCode(check.code) };
  }
  const first = group[0];
  if (first && group.length > MAX_LINES_PER_SALE)
    return { line: first.row.line, reason: TILL_IMPORT_TEXTS.tooManyLines(first.check.saleId) };
  return undefined;
}

/** How many rows the sales hold. */
export const rowsOf = (sales: readonly PlannedSale[]) => sales.reduce((n, s) => n + (s.ok ? s.lines.length : s.refused.length), 0);
