// The part of autocannon the TypeScript benches use: the package ships no types (the .mjs benches use it untyped).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  export interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options, done: (err: Error | null, result: Result) => void): unknown;
}
