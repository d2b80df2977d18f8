/**
 * The public menu's only script (MENU_HEAD_SCRIPT: the first-paint rule and assets/menu-chips.js), inlined in the
 * page's head and allowed by the CSP through its hash (security-headers.ts), never by 'unsafe-inline'. Inline, not a
 * separate file: a file is one more request before the first paint, which Lighthouse's simulation charges to LCP
 * (decision 0025). The page works the same without it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GUEST_LANGUAGES, guestMessages } from '../../shared/guest-i18n/catalogue.js';

/**
 * The scripts as they travel: minified copies of the readable sources beside them (assets/menu-chips.js,
 * assets/menu-beacon.js), written by scripts/minify-menu-scripts.mjs; a test checks they are current. The first TCP
 * window has no byte to spare (decision 0065).
 */
const minified = (name: string) => readFileSync(new URL(`./assets/${name}.min.js`, import.meta.url), 'utf8').trim();

/** Highlights the chip of the category in view (assets/menu-chips.js). */
export const MENU_SCRIPT = minified('menu-chips');
/** Which wine a guest opens, sent with navigator.sendBeacon (assets/menu-beacon.js, decision 0064). */
export const MENU_BEACON_SCRIPT = minified('menu-beacon');

for (const [file, script] of [
  ['menu-chips', MENU_SCRIPT],
  ['menu-beacon', MENU_BEACON_SCRIPT],
]) {
  if (/<\/script|<!--/i.test(script!)) throw new Error(`assets/${file}.min.js cannot be inlined in a <script> element`);
}

/** Where the offline copy's service worker is served (assets/menu-offline-sw.js, decision 0066). */
export const MENU_WORKER_PATH = '/sw.js';
/** The offline notice of every guest language, from the catalogues, for the worker's OFFLINE_TEXTS line. */
const OFFLINE_TEXTS = Object.fromEntries(
  GUEST_LANGUAGES.map((lang) => {
    const m = guestMessages(lang);
    return [lang, { notice: m.t('offline.notice'), wholeMenu: m.t('offline.wholeMenu') }];
  }),
);
const WORKER_SOURCE = readFileSync(new URL('./assets/menu-offline-sw.js', import.meta.url), 'utf8');
const TEXTS_LINE = /^const OFFLINE_TEXTS = \{[\s\S]*?^\};$/m;
if (!TEXTS_LINE.test(WORKER_SOURCE)) throw new Error('assets/menu-offline-sw.js has no OFFLINE_TEXTS line to fill');
export const MENU_WORKER_SCRIPT = WORKER_SOURCE.replace(TEXTS_LINE, () => `const OFFLINE_TEXTS = ${JSON.stringify(OFFLINE_TEXTS)};`);

/**
 * Registers the offline copy's worker with the page's own path as its scope: it controls this menu (and its
 * filtered views) and nothing else, never the admin app or /api. Once the page has loaded, touched or not (issue 27:
 * a guest who only reads and then loses signal must get the copy): after the load event the worker's start and its
 * first copy, taken from the HTTP cache, no longer compete with the page's own requests. Without service workers,
 * nothing happens.
 */
const REGISTER_WORKER = `addEventListener('load',()=>navigator.serviceWorker?.register('${MENU_WORKER_PATH}',{scope:location.pathname}))`;

/**
 * The first paint waits for the element named by the script's `data-p` (decision 0025): this adds
 * `<link rel="expect" href="#…" blocking="render">` while the head is parsed, which blocks rendering exactly as that
 * element written in the markup did (measured in Chromium: the first paint comes with the late element, not before).
 * Written as markup, the W3C checker refuses it ("blocking" only on rel=stylesheet; decision 0045).
 */
const PAINT_WITH =
  "document.head.append(Object.assign(document.createElement('link'),{rel:'expect',href:'#'+document.currentScript.dataset.p,blocking:'render'}))";

/**
 * The public menu's one inline script, in the head: the first-paint rule now, the chips once the document is parsed,
 * the offline copy's worker once the page has loaded.
 * One script and one hash in the CSP header keep the sample menu within the first TCP window (decision 0025).
 */
export const MENU_HEAD_SCRIPT = `${PAINT_WITH};${MENU_BEACON_SCRIPT};${REGISTER_WORKER};addEventListener('DOMContentLoaded',()=>{${MENU_SCRIPT}})`;

/** The CSP source that allows exactly this inline script. */
export const MENU_SCRIPT_CSP_HASH = `'sha256-${createHash('sha256').update(MENU_HEAD_SCRIPT, 'utf8').digest('base64')}'`;
