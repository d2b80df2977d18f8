/**
 * A vocabulary is written once, as its values' pt-BR labels: the values are the labels' keys, in the order written
 * (the order forms and lists show them).
 */
export const valuesOf = <V extends string>(labels: Record<V, string>) => Object.keys(labels) as [V, ...V[]] as readonly [V, ...V[]];
