/**
 * A vocabulary is written once, as its values' pt-BR labels: the values are the labels' keys, in the order written
 * (the order forms and lists show them).
 */
export const valuesOf = <V extends string>(labels: Record<V, string>): readonly [V, ...V[]] => Object.keys(labels) as [V, ...V[]];
