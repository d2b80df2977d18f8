/** Figures on the dashboards (analytics, menu insights): days, percentages and counts in pt-BR. */
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: 'exceptZero' });
const integer = new Intl.NumberFormat('pt-BR');

/** "2025-03-04" -> "04/03". */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
/** "2025-03-04" -> "04/03/2025". */
export const fullDay = (day: string) => day.split('-').reverse().join('/');
/** 12.3 -> "+12,3%". */
export const formatPercent = (value: number) => `${percent.format(value)}%`;
export const formatInteger = (value: number) => integer.format(value);
