import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/** Typing settles for this long before a list is fetched again. */
const FILTER_DEBOUNCE_MS = 350;

/**
 * A filter typed into a box that applies once the typing settles (the list screens' search boxes).
 *
 * `applied` is the filter the list shows (usually read from the address); `apply` makes the settled draft the applied
 * one; `keyOf` says when two values mean the same filter. The draft follows `applied` when it changes from elsewhere
 * (back/forward, "Limpar filtros", a menu link), and only a newly settled draft calls `apply`: running again on every
 * address change would put back a filter that had just been cleared, since the settled value lags the draft.
 */
export function useSettledFilter<T>(
  applied: T,
  apply: (value: T) => void,
  keyOf: (value: T) => string,
): [draft: T, setDraft: (value: T) => void] {
  const [draft, setDraft] = useState(applied);
  const latest = useRef({ applied, apply, keyOf });
  latest.current = { applied, apply, keyOf };

  // The key this hook last applied itself: when the address reaches it, the person may have typed on meanwhile (keys
  // typed between the draft settling and the address changing), and putting the applied value back would drop them.
  const ownApply = useRef<string | null>(null);
  const appliedKey = keyOf(applied);
  useEffect(() => {
    const own = ownApply.current;
    ownApply.current = null;
    if (appliedKey === own) return;
    const current = latest.current;
    setDraft((shown) => (current.keyOf(shown) === appliedKey ? shown : current.applied));
  }, [appliedKey]);

  const [settled] = useDebouncedValue(draft, FILTER_DEBOUNCE_MS);
  useEffect(() => {
    const current = latest.current;
    const key = current.keyOf(settled);
    if (key === current.keyOf(current.applied)) return;
    ownApply.current = key;
    current.apply(settled);
  }, [settled]);

  return [draft, setDraft];
}
