// The public menu's inline scripts travel minified (its first TCP window has no byte to spare, decision 0065): this
// writes assets/*.min.js from the readable sources beside them. Run it after changing one; a test fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

export const MENU_SCRIPTS = ['menu-chips', 'menu-beacon'];
const dir = new URL('../src/server/public-pages/assets/', import.meta.url);

/** What the minified file of a readable source must hold. */
export function minifyMenuScript(source) {
  return transformSync(source, { minify: true, target: 'es2020', legalComments: 'none' }).code.trim().replace(/;$/, '');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of MENU_SCRIPTS) {
    writeFileSync(new URL(`${name}.min.js`, dir), `${minifyMenuScript(readFileSync(new URL(`${name}.js`, dir), 'utf8'))}\n`);
  }
}
