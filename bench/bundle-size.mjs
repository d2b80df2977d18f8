#!/usr/bin/env node
// The JavaScript a browser must download before the first admin screen (the login page) can show: the entry
// script of the built index.html plus every chunk it statically imports, transitively (what Vite preloads).
// Lazy routes (`import("./X.js")`) are not followed. Usage: node bench/bundle-size.mjs [dist/client]
// (run `vite build` first). The unit test src/client/app/bundle-budget.test.ts holds the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Ceiling for the login route, gzipped, held by src/client/app/bundle-budget.test.ts (docs/decisions/0012): today's
 * size (React and the plain login screen, ~70 KB) plus a little, so a UI kit, schema library or screen pulled into
 * the first download fails the test.
 */
export const LOGIN_JS_BUDGET_BYTES = 80 * 1024;
/** The aim of the wine-lists issue for the login route. */
export const LOGIN_JS_TARGET_BYTES = 120 * 1024;

// `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`: static edges only, never `import(`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** Files (relative to distDir) and gzip sizes of the JavaScript the built index.html loads up front. */
export function initialJavaScript(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const roots = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g)].map((m) => m[1]);
  if (roots.length === 0) throw new Error(`no module script in ${distDir}/index.html`);
  const seen = new Map();
  const visit = (file) => {
    if (seen.has(file)) return;
    const code = readFileSync(path.join(distDir, file));
    seen.set(file, { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
    for (const [, spec] of code.toString('utf8').matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(file), spec));
  };
  for (const root of roots) visit(root);
  const files = [...seen.values()];
  return { files, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), bytes: files.reduce((n, f) => n + f.bytes, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist/client'));
  const { files, gzipBytes, bytes } = initialJavaScript(dist);
  const kb = (n) => (n / 1024).toFixed(1);
  process.stdout.write(`login route JavaScript (built ${path.relative(root, dist) || dist}/index.html and its static imports)\n`);
  for (const f of files.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    process.stdout.write(`  ${f.file.padEnd(40)} ${kb(f.bytes).padStart(8)} KB  ${kb(f.gzipBytes).padStart(7)} KB gzip\n`);
  }
  process.stdout.write(
    `  total ${files.length} files: ${kb(bytes)} KB, ${kb(gzipBytes)} KB gzip (budget ${kb(LOGIN_JS_BUDGET_BYTES)} KB, target ${kb(LOGIN_JS_TARGET_BYTES)} KB gzip)\n`,
  );
}
