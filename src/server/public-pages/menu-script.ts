/**
 * The public menu's only script (assets/menu-chips.js), inlined at the end of the page's body and allowed by the
 * CSP through its hash (security-headers.ts), never by 'unsafe-inline'. Inline, not a separate file: a file is one
 * more request before the first paint, which Lighthouse's simulation charges to LCP (decision 0025). The page works
 * the same without it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The source without its comment lines and indentation (it is written so this is safe: no strings span lines). */
export function compactScript(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n');
}

export const MENU_SCRIPT = compactScript(readFileSync(new URL('./assets/menu-chips.js', import.meta.url), 'utf8'));

if (/<\/script|<!--/i.test(MENU_SCRIPT)) throw new Error('assets/menu-chips.js cannot be inlined in a <script> element');

/** The CSP source that allows exactly this inline script. */
export const MENU_SCRIPT_CSP_HASH = `'sha256-${createHash('sha256').update(MENU_SCRIPT, 'utf8').digest('base64')}'`;
