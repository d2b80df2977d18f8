// Public menu: when a guest opens a wine, tells the server which (POST /api/public/events, decision 0064). No cookie,
// nothing else is sent; without JavaScript, or without sendBeacon, the page works the same and nothing is counted.
// One capturing listener on the window: toggle does not bubble. The wine is named by its page address and its name.
addEventListener('toggle',e=>{e=e.target;e.open&&e.matches('.wine')&&navigator.sendBeacon('/api/public/events',JSON.stringify({type:'open',menu:location.pathname,wine:e.querySelector('h3').textContent}))},1)
