const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 189.9 -> "R$ 189,90" (the non-breaking space Intl puts after R$ is kept). */
export function formatBRL(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(n) ? brl.format(n as number) : '';
}

/** 1250.5 -> "1.250,50": the amount as a price field shows it, without "R$". */
export function formatMoneyInput(value: number): string {
  return plain.format(value);
}

const THOUSANDS_DOT = /^\d{1,3}(\.\d{3})+$/;
const THOUSANDS_COMMA = /^\d{1,3}(,\d{3})+$/;

/** "1.250" with dots grouping thousands, or a single decimal separator: the amount as a plain number string. */
function normalizeDigits(s: string): string | null {
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the last one separates the decimals, the other groups thousands ("1.250,50", "1,250.50").
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const cut = Math.max(lastDot, lastComma);
    const whole = s.slice(0, cut);
    const cents = s.slice(cut + 1);
    const groupRule = group === '.' ? THOUSANDS_DOT : THOUSANDS_COMMA;
    if (!/^\d+$/.test(cents) || !(groupRule.test(whole) || /^\d+$/.test(whole)) || whole.includes(decimal)) return null;
    return `${whole.split(group).join('')}.${cents}`;
  }
  const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (sep === null) return /^\d+$/.test(s) ? s : null;
  const parts = s.split(sep);
  if (parts.length > 2) return (sep === '.' ? THOUSANDS_DOT : THOUSANDS_COMMA).test(s) ? parts.join('') : null;
  const [whole = '', fraction = ''] = parts;
  if (!/^\d+$/.test(whole) || !/^\d+$/.test(fraction)) return null;
  // A Brazilian "2.400" is two thousand four hundred; "89.90" and "0.250" are decimals.
  if (sep === '.' && fraction.length === 3 && !whole.startsWith('0')) return `${whole}${fraction}`;
  return `${whole}.${fraction}`;
}

/**
 * The shared money rule: "1.250,50", "1250.5", "R$ 89,90", "2.400" (two thousand four hundred) and numbers -> a number;
 * empty -> null; anything else -> undefined (not an amount).
 */
export function parseMoney(value: unknown): number | null | undefined {
  if (typeof value === 'string') return parseDecimal(value.replace(/^\s*R\$/i, ''));
  return parseDecimal(value);
}

/** A space, no-break space or narrow no-break space between a digit and a group of exactly three digits. */
const SPACE_GROUP = /(?<=\d)[ \u00a0\u202f](?=\d{3}(?!\d))/g;

/**
 * The number rule under the money rule (no "R$"): "1.250,50", "1 250,50", "1250.5", "2.400" and numbers -> a number;
 * empty -> null; anything else -> undefined. A space is a thousands separator only when it is a single space
 * between a digit and exactly three digits ("1 250,00"), so "12 50" and "12<TAB>50" are not 1250. Hexadecimal
 * ("0x10") and exponents ("1e3") are not amounts either: people do not write them.
 */
export function parseDecimal(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const s = value.trim().replace(SPACE_GROUP, '');
  if (s === '') return null;
  if (/\s/.test(s)) return undefined;
  const negative = s.startsWith('-');
  const digits = normalizeDigits(negative ? s.slice(1) : s);
  if (digits === null) return undefined;
  const n = Number(digits);
  return Number.isFinite(n) ? (negative ? -n : n) : undefined;
}

/**
 * An amount in integer cents: 1250.5 or "1250.50" -> 125050. Numbers must already have at most two decimals (the
 * money rule checks it); numeric strings from the database are read digit by digit, never through a binary float.
 */
export function toCents(amount: number | string): number {
  if (typeof amount === 'number') return Math.round(amount * 100);
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`not an amount: ${amount}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** 125050 -> "1250.50": what a numeric(…, 2) column takes and the API answers. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
