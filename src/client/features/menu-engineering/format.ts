import type { Quadrant } from '../../../shared/menu-engineering';
import { formatBRL, formatMoneyInput } from '../../../shared/money';

export { countOf as plural } from '../../../shared/plural';
export { formatInteger, fullDay } from '../../lib/figures-format';

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToTwo = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** Centavos as "R$ 1.250,00"; a figure the period cannot give as "—". */
export const money = (cents: number | null) => (cents === null ? '—' : formatBRL(cents / 100));
/** 51 -> "51,0%"; null -> "—". */
export const percent = (value: number | null) => (value === null ? '—' : `${oneDecimal.format(value)}%`);
const shareDigits = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
/** A share of the bottles sold as the API rounds it (0.4545) as "45,45%": one more rounding would say 4,6 for 0.0455. */
export const share = (value: number | null) => (value === null ? '—' : `${shareDigits.format(Math.round(value * 10_000) / 100)}%`);
/** In a column headed "(R$)": "1.250,00". */
export const reais = (cents: number | null) => (cents === null ? '—' : formatMoneyInput(cents / 100));
/** In a column headed "(%)": "51,0"; a share (0.4545) with `share: true`. */
export const points = (value: number | null) => (value === null ? '—' : oneDecimal.format(value));
export const sharePoints = (value: number | null) => (value === null ? '—' : shareDigits.format(Math.round(value * 10_000) / 100));
/** Bottles' worth (3.4), days of cover (12.5): up to two decimals; null -> "—". */
export const decimal = (value: number | null) => (value === null ? '—' : upToTwo.format(value));

/** The badge colour of each quadrant (the theme keeps light badges readable) and its colour on the chart. */
export const QUADRANT_COLOURS: Record<Quadrant, { badge: string; chart: string }> = {
  star: { badge: 'teal', chart: '#2f7d6d' },
  plowhorse: { badge: 'yellow', chart: '#b7822b' },
  puzzle: { badge: 'blue', chart: '#4a6fa5' },
  dog: { badge: 'gray', chart: '#7a7f86' },
};
