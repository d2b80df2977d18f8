export interface WriterStats {
  ok: number;
  refused: number;
  other: number;
  timings: number[];
}
export declare function writers(
  send: (i: number) => Promise<number>,
  count: number,
  perSecond?: number,
): { stats: WriterStats; stop(): Promise<WriterStats & { seconds: number }> };
