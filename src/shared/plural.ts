// The one place a count meets its noun: pt-BR plural rules (Intl.PluralRules), so "1 contado", "0 vinhos", "2 vinhos".
const rules = new Intl.PluralRules('pt-BR');
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** The word for n: `pluralWord(1, 'vinho', 'vinhos')` -> "vinho". */
export function pluralWord(n: number, one: string, many: string): string {
  // CLDR files 0 under "one" for Portuguese; Brazilian screens say "0 vinhos", so zero takes the plural.
  return n !== 0 && rules.select(n) === 'one' ? one : many;
}

/** The count and its word: `countOf(1250, 'vinho', 'vinhos')` -> "1.250 vinhos". */
export function countOf(n: number, one: string, many: string): string {
  return `${integer.format(n)} ${pluralWord(n, one, many)}`;
}
