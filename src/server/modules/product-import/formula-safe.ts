import { parseDecimal } from '../../../shared/money.js';

/** What a spreadsheet program reads as the start of a formula, once leading tabs, line breaks and spaces are dropped. */
const FORMULA_START = /^[\s]*[=+\-@]/;

/**
 * A cell of a file we hand back (the failed rows), made inert: text a spreadsheet would run as a formula, here or
 * after the file is saved as CSV and opened again ("=HYPERLINK(…)", "+cmd", "@SUM(…)"), gets a leading apostrophe,
 * the mark spreadsheets themselves use for "this is text", so the person still reads what the row said. Amounts
 * such as "-3,00" stay as they are: a number is not a formula.
 */
export function formulaSafe(text: string): string {
  if (!FORMULA_START.test(text)) return text;
  return typeof parseDecimal(text) === 'number' ? text : `'${text}`;
}

/** A cell of a file we handed back and get again: the apostrophe formulaSafe added goes. */
export function fromFormulaSafe(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
