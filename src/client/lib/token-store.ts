const KEY = 'adega.token';

type Listener = () => void;
const listeners = new Set<Listener>();

export const tokenStore = {
  get: (): string | null => window.localStorage.getItem(KEY),
  set(token: string) {
    window.localStorage.setItem(KEY, token);
    for (const l of listeners) l();
  },
  clear() {
    if (window.localStorage.getItem(KEY) === null) return;
    window.localStorage.removeItem(KEY);
    for (const l of listeners) l();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
