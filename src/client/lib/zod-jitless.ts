/**
 * zod 4 probes `new Function` when it builds its first object schema, to compile faster parsers. Under this app's CSP
 * (no 'unsafe-eval') the probe fails quietly but the browser still reports a CSP violation (Lighthouse's "issues"
 * audit). Its documented `z.config({ jitless: true })` skips the probe; this sets the same switch through zod's global
 * config object, so the login screen's small first download does not carry zod. It must run before any schema
 * module: main.tsx imports it first.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
