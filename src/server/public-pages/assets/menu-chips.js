// Public menu, progressive enhancement: highlights the chip of the category section in view and keeps it
// visible in the chip bar. Without it (or without JavaScript) the page works the same.
(() => {
  const links = [...document.querySelectorAll('.cats a[href^="#"]')];
  const sections = links.map((a) => document.getElementById(a.getAttribute('href').slice(1)));
  if (links.length === 0 || sections.includes(null)) return;
  let current = null;
  let pending = false;

  // The section in view is the last one whose top has passed a line a third of the way down the screen.
  function update() {
    pending = false;
    const line = window.innerHeight / 3;
    let index = -1;
    for (let i = 0; i < sections.length && sections[i].getBoundingClientRect().top <= line; i++) index = i;
    const link = index >= 0 ? links[index] : null;
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

  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(update);
  }

  // Sections off screen are not rendered (content-visibility) and count as an estimated height, so a smooth scroll
  // to a far one would land off by the estimates' error. From a chip's tap until the scroll ends every section is laid
  // out (class "j"), so the target the browser computes is the true one.
  const root = document.documentElement;
  document.querySelector('.cats').addEventListener('click', (event) => {
    if (event.target.closest('a')) root.classList.add('j');
  });
  window.addEventListener('scrollend', () => root.classList.remove('j'));
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  // After the first frame is painted: reading the layout earlier would force one before the first paint.
  requestAnimationFrame(() => setTimeout(update));
})();
