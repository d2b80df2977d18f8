export declare const percentile: (sorted: number[], p: number) => number;
