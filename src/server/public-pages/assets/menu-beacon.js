// Public menu: when a guest opens a wine, tells the server which (POST /api/public/events, decision 0064). No cookie,
// nothing else is sent; without JavaScript, or without sendBeacon, the page works the same and nothing is counted.
// One capturing listener on the window: toggle does not bubble. The wine is named by its page address and its name.
addEventListener(
  'toggle',
  (event) => {
    const wine = event.target;
    if (!wine.open || !wine.matches('.wine')) return;
    const body = { type: 'open', menu: location.pathname, wine: wine.querySelector('h3').textContent };
    navigator.sendBeacon('/api/public/events', JSON.stringify(body));
  },
  true,
);
