// Public menu, progressive enhancement: highlights the chip of the category section in view and keeps it
// visible in the chip bar. Without it (or without JavaScript) the page works the same.
(() => {
  const links = [...document.querySelectorAll('.cats a[href^="#"]')];
  const sections = links.map((a) => document.getElementById(a.getAttribute('href').slice(1)));
  if (links.length === 0 || sections.includes(null)) return;
  const root = document.documentElement;
  let current = null;
  let pending = false;
  // The chip just tapped: it stays highlighted while the page glides to its section.
  let pinned = null;
  let settleTimer = 0;

  function highlight(link) {
    if (link === current) return;
    current?.removeAttribute('aria-current');
    current = link;
    if (!link) return;
    link.setAttribute('aria-current', 'location');
    const bar = link.closest('ul');
    if (!bar || bar.scrollWidth <= bar.clientWidth) return;
    const offset = link.getBoundingClientRect().left - bar.getBoundingClientRect().left;
    bar.scrollTo({ left: bar.scrollLeft + offset - (bar.clientWidth - link.offsetWidth) / 2, behavior: 'smooth' });
  }

  // The section in view is the last one whose top has passed a line a third of the way down the screen.
  function update() {
    pending = false;
    if (pinned) return;
    const line = window.innerHeight / 3;
    let index = -1;
    for (let i = 0; i < sections.length && sections[i].getBoundingClientRect().top <= line; i++) index = i;
    highlight(index >= 0 ? links[index] : null);
  }

  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(update);
  }

  // The glide is over: sections off screen may skip their rendering again (they keep their measured height).
  function settled() {
    pinned = null;
    root.classList.remove('jump');
  }

  // Sections off screen are not rendered (content-visibility) and count as an estimated height, so a smooth scroll
  // aimed at a far section would land off by the estimates' error. While it glides every section is laid out
  // (class "jump"), so the target the browser computes on this click is the true one.
  document.querySelector('.cats').addEventListener('click', (event) => {
    const link = event.target.closest('a[href^="#"]');
    if (!link || !links.includes(link)) return;
    root.classList.add('jump');
    pinned = null;
    highlight(link);
    pinned = link;
  });

  window.addEventListener(
    'scroll',
    () => {
      schedule();
      // Browsers without a scrollend event: the scroll has settled when no scroll event came for a while.
      if ('onscrollend' in window) return;
      clearTimeout(settleTimer);
      settleTimer = setTimeout(settled, 200);
    },
    { passive: true },
  );
  window.addEventListener('scrollend', settled);
  window.addEventListener('resize', schedule, { passive: true });
  // After the first frame is painted: reading the layout earlier would force one before the first paint.
  requestAnimationFrame(() => setTimeout(update));
})();
