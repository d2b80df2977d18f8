/** 1 -> "1 visualização", 3 -> "3 visualizações". */
export { countOf as plural } from '../../../shared/plural';
export { formatInteger, formatPercent, fullDay, shortDay } from '../../lib/figures-format';
/** 20 -> "20h". */
export const hourLabel = (hour: number) => `${hour}h`;
