// The public menu's service worker (decision 0066): a guest who opened a menu once can reload it with no
// connection and gets the last copy, under "Sem conexão · carta de HH:MM". Each menu page registers it with its own
// path as the scope, so it never controls the admin app, /api or another establishment's pages. Network first:
// online, every page comes from the server (revalidated against its ETag), so a change shows at once.
const CACHE = 'adega-cartas-v1';
/** How long the network may take before the kept copy is shown (its answer still refreshes the copy). */
const TIMEOUT_MS = 3000;
/** Copies kept per browser: the menus a guest opened, and their filtered views. */
const MAX_COPIES = 24;
/**
 * The notice in the kept page's own language (its <html lang>). Served with every language's texts from the guest
 * catalogues (shared/guest-i18n): menu-script.ts replaces this line.
 */
const OFFLINE_TEXTS = {
  'pt-BR': { notice: 'Sem conexão · carta de {time}', wholeMenu: 'Sem conexão: mostrando a carta inteira · cópia das {time}' },
};

// The page that registered the worker is already in the HTTP cache: copy it from there (no second request, no
// second view counted), so the very first visit can be reloaded offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(self.registration.scope, { cache: 'force-cache', headers: { purpose: 'prefetch' } })
      .then(keep)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

// A renamed cache (a new version of this worker) leaves the old copies behind: drop them.
self.addEventListener('activate', (event) => {
  const old = caches.keys().then((names) => names.filter((name) => name.startsWith('adega-cartas-') && name !== CACHE));
  event.waitUntil(old.then((names) => Promise.all(names.map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Only the page itself: its images, the PDF and anything else go to the network as if there were no worker.
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin || url.pathname.endsWith('.pdf')) return;
  event.respondWith(networkFirst(event, request));
});

async function networkFirst(event, request) {
  const network = fetch(request).then((response) => {
    // Kept while the page streams to the tab, not before.
    if (response.ok && response.type === 'basic') event.waitUntil(keep(response.clone()));
    else if (response.status === 404) event.waitUntil(caches.open(CACHE).then((cache) => cache.delete(request.url)));
    return response;
  });
  network.catch(() => undefined); // when the kept copy answered first, a later failure is nobody's error
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, TIMEOUT_MS);
  });
  try {
    const first = await Promise.race([network, late]);
    if (first) return first;
    const kept = await offlineCopy(request);
    return kept ?? (await network);
  } catch (error) {
    const kept = await offlineCopy(request);
    if (kept) return kept;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps a menu page (HTML answered 200) under its URL; the oldest copies go first past MAX_COPIES. */
async function keep(response) {
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
  const cache = await caches.open(CACHE);
  const key = response.url.split('#')[0];
  await cache.delete(key);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_COPIES))) await cache.delete(old);
}

/**
 * The kept copy of this page; else of the same menu at the same table, else of the whole menu (a search or a filter
 * that was never opened online cannot run offline: the notice says the whole menu is shown). The notice sits at the
 * page's foot.
 */
async function offlineCopy(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const whole = url.origin + url.pathname;
  const table = url.searchParams.get('mesa');
  const exact = await cache.match(request.url);
  const kept =
    exact ??
    (table && (await cache.match(`${whole}?mesa=${encodeURIComponent(table)}`))) ??
    (await cache.match(whole)) ??
    (await cache.match(request.url, { ignoreSearch: true }));
  if (!kept) return undefined;
  const unrun = !exact && [...url.searchParams.keys()].some((name) => name !== 'mesa');
  const html = await kept.text();
  // Date is when the server sent this copy (a 304 revalidation refreshes it in the HTTP cache too).
  const fetched = new Date(kept.headers.get('date') ?? Date.now());
  const lang = /^<!doctype html><html lang="([\w-]+)"/i.exec(html)?.[1] ?? 'pt-BR';
  const texts = OFFLINE_TEXTS[lang] ?? OFFLINE_TEXTS['pt-BR'];
  const time = Number.isNaN(fetched.getTime()) ? '' : hourMinute(fetched, lang);
  const text = (unrun ? texts.wholeMenu : texts.notice).replace('{time}', time);
  // At the foot of the screen and sticky: a reload keeps the guest's scroll position, so a notice on top of the page
  // would be just above the screen. Sticky at the end of <body>, it never covers the page's own end.
  const notice =
    '<p role="status" style="position:sticky;bottom:0;z-index:9;margin:0;padding:10px 18px calc(10px + env(safe-area-inset-bottom));' +
    'background:#3b2c31;color:#f4ebe0;border-top:1px solid #dcb675;text-align:center;font:600 15px/1.4 system-ui,sans-serif">' +
    `${text}</p>`;
  const headers = new Headers(kept.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.delete('etag');
  headers.set('cache-control', 'no-store');
  return new Response(html.replace('</body>', `${notice}</body>`), { status: 200, headers });
}

function hourMinute(date, lang) {
  return new Intl.DateTimeFormat(lang, { hourCycle: 'h23', timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(
    date,
  );
}
