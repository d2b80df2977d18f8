import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { MENU_SCRIPTS, minifyMenuScript } from '../../../scripts/minify-menu-scripts.mjs';
import { MENU_BEACON_SCRIPT, MENU_HEAD_SCRIPT, MENU_SCRIPT } from './menu-script.js';

const asset = (file: string) => readFileSync(new URL(`./assets/${file}`, import.meta.url), 'utf8');

describe('the public menu scripts', () => {
  it('travel as the minified form of their readable sources (run scripts/minify-menu-scripts.mjs after changing one)', () => {
    for (const name of MENU_SCRIPTS as string[]) {
      expect(asset(`${name}.min.js`).trim(), `${name}.min.js is stale`).toBe(minifyMenuScript(asset(`${name}.js`)));
    }
    expect(MENU_HEAD_SCRIPT).toContain(MENU_SCRIPT);
    expect(MENU_HEAD_SCRIPT).toContain(MENU_BEACON_SCRIPT);
  });
});
