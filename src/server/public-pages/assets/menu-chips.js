// Public menu, progressive enhancement: highlights the chip of the category section in view and keeps it
// visible in the chip bar. Without it (or without JavaScript) the page works the same.
(() => {
  const links = [...document.querySelectorAll('.cats a[href^="#"]')];
  if (links.length === 0 || !('IntersectionObserver' in window)) return;
  const bySection = new Map(links.map((a) => [a.getAttribute('href').slice(1), a]));
  const inView = new Set();
  let current = null;

  function mark() {
    const id = [...bySection.keys()].find((key) => inView.has(key));
    const link = id ? bySection.get(id) : null;
    if (!link || link === current) return;
    current?.removeAttribute('aria-current');
    link.setAttribute('aria-current', 'location');
    current = link;
    const bar = link.closest('ul');
    if (!bar || bar.scrollWidth <= bar.clientWidth) return;
    const offset = link.getBoundingClientRect().left - bar.getBoundingClientRect().left;
    bar.scrollTo({ left: bar.scrollLeft + offset - (bar.clientWidth - link.offsetWidth) / 2, behavior: 'smooth' });
  }

  // A section is "in view" when it crosses the band just under the sticky chip bar.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) inView.add(entry.target.id);
        else inView.delete(entry.target.id);
      }
      mark();
    },
    { rootMargin: '-72px 0px -60% 0px' },
  );
  for (const id of bySection.keys()) {
    const section = document.getElementById(id);
    if (section) observer.observe(section);
  }
})();
