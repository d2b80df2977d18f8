import * as XLSX from '@e965/xlsx';

/**
 * A cell's value as the person reading the sheet sees it, the same from every reader (.xlsx streamed, .xls and .csv
 * through SheetJS): dates read DD/MM/AAAA, "00000" formats keep the code's leading zeros, other numbers keep their
 * value with a decimal comma (so "1,234" is never read back as a thousand).
 */
const DATE_FORMAT = 'dd/mm/yyyy';
/** A format that shows the time (a till's sales export) keeps it: "05/12/2026 21:30", or "21:30" for a time alone. */
function dateFormatOf(format: string): string {
  const tokens = format.replace(/"[^"]*"|\[[^\]]*\]/g, '');
  if (!/h/i.test(tokens)) return DATE_FORMAT;
  return /[dy]/i.test(tokens) ? 'dd/mm/yyyy hh:mm' : 'hh:mm';
}
const ZERO_PADDED = /^0+$/;
/** 1127.93 -> "1.127,93", 1.234 -> "1,234": the way a Brazilian reads it, and the money rule reads it back exactly. */
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 15 });

export function numberText(value: number, format: string, date1904 = false): string {
  if (!Number.isFinite(value)) return '';
  if (format && XLSX.SSF.is_date(format)) return XLSX.SSF.format(dateFormatOf(format), value, { date1904 });
  if (ZERO_PADDED.test(format)) return XLSX.SSF.format(format, value).trim();
  return Number.isInteger(value) ? BigInt(value).toString() : decimal.format(value);
}

export const booleanText = (value: boolean) => (value ? 'VERDADEIRO' : 'FALSO');

/** The format code of a built-in number format id (14 -> "m/d/yy"), as Excel and SheetJS number them. */
export function builtInFormat(id: number): string | undefined {
  return XLSX.SSF.get_table()[id] as string | undefined;
}
