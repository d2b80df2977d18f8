import { type ComponentType, useEffect, useState } from 'react';

/**
 * Mounts the confirm dialogs and toasts (Overlays) once the browser is idle after the first screen: their code
 * (floating-ui, scroll areas, transitions) stays out of the login page's first download and render.
 */
export function LazyOverlays() {
  const [Overlays, setOverlays] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () => import('./Overlays').then((m) => !cancelled && setOverlays(() => m.Overlays));
    const idle = window.requestIdleCallback ?? ((cb: () => void, _options?: IdleRequestOptions) => window.setTimeout(cb, 200));
    idle(() => void load(), { timeout: 2000 });
    return () => {
      cancelled = true;
    };
  }, []);
  return Overlays ? <Overlays /> : null;
}
