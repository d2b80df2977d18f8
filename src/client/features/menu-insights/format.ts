const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: 'exceptZero' });
const integer = new Intl.NumberFormat('pt-BR');

/** "2025-03-04" -> "04/03". */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
/** "2025-03-04" -> "04/03/2025". */
export const fullDay = (day: string) => day.split('-').reverse().join('/');
/** 12.3 -> "+12,3%". */
export const formatPercent = (value: number) => `${percent.format(value)}%`;
export const formatInteger = (value: number) => integer.format(value);
/** 1 -> "1 visualização", 3 -> "3 visualizações". */
export const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;
/** 20 -> "20h". */
export const hourLabel = (hour: number) => `${hour}h`;
