import { formatInteger } from '../../lib/figures-format';

export { formatInteger, formatPercent, fullDay, shortDay } from '../../lib/figures-format';

/** 1 -> "1 visualização", 3 -> "3 visualizações". */
export const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;
/** 20 -> "20h". */
export const hourLabel = (hour: number) => `${hour}h`;
