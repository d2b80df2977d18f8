// Public menu: when a guest opens a wine, tells the server which (POST /api/public/events, decision 0064). No cookie,
// nothing else is sent; without JavaScript, or without sendBeacon, the page works the same and nothing is counted.
// Counted on the click (tap, mouse or keyboard) that opens it, not on the toggle event that follows a task later: a
// wine opened just before the guest leaves the page had no toggle yet, and went uncounted. The wine is named by its
// page address and its name; the page's language (its <html lang>) goes with it, for the insights per language.
addEventListener('click', (event) => {
  const wine = event.target.closest('.wine');
  if (!wine || wine.open || !event.target.closest('summary')) return;
  const body = { type: 'open', menu: location.pathname, wine: wine.querySelector('h3').textContent, lang: document.documentElement.lang };
  navigator.sendBeacon('/api/public/events', JSON.stringify(body));
});
