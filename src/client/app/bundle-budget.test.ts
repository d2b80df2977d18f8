import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, expect, it } from 'vitest';
import { initialJavaScript, LOGIN_JS_BUDGET_BYTES } from '../../../bench/bundle-size.mjs';

const outDir = mkdtempSync(path.join(tmpdir(), 'adega-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// A size budget, not a timing: the JavaScript the login page needs before it shows (entry + static imports, gzipped).
it('keeps the login route within its JavaScript budget: other screens load when first opened', { timeout: 240_000 }, async () => {
  // Vitest runs with NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const { gzipBytes, files } = initialJavaScript(outDir);
  expect(gzipBytes).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  // The lazy screens stay out of the first download.
  for (const screen of ['App', 'HomePage', 'AppLayout', 'UsersPage', 'CatalogPage', 'MenuEditPage', 'Overlays']) {
    expect(files.map((f) => f.file).join(' ')).not.toContain(`${screen}-`);
  }
});
