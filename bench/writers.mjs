/**
 * `count` clients each sending the next write as soon as the last one is answered, until `stop()`. `send(i)` makes a
 * client's i-th write and resolves to its HTTP status. With `perSecond`, the clients together start one write every
 * 1000/perSecond ms (never ahead of that schedule).
 */
export function writers(send, count, perSecond = Number.POSITIVE_INFINITY) {
  let running = true;
  const stats = { ok: 0, refused: 0, other: 0, timings: [] };
  const started = performance.now();
  let scheduled = 0;
  const due = () => started + (scheduled++ * 1000) / perSecond;
  const loop = async () => {
    for (let i = 0; running; i++) {
      if (Number.isFinite(perSecond)) {
        const wait = due() - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!running) break;
      }
      const t0 = performance.now();
      const status = await send(i);
      stats.timings.push(performance.now() - t0);
      if (status >= 200 && status < 300) stats.ok++;
      else if (status === 409) stats.refused++;
      else stats.other++;
    }
  };
  const loops = Array.from({ length: count }, loop);
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all(loops);
      return { ...stats, seconds: (performance.now() - started) / 1000 };
    },
  };
}
