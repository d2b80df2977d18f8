import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query (filters, tab, page), each change made on top of the last one asked for. React Router's
 * setSearchParams, its functional form too, starts from the parameters of the render it was called in: two changes
 * before the next render (a period's two days typed quickly) kept only the second.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const seen = useRef(params.toString());
  // The address is adopted when it changes (a change landing, a link, Back); a render before that keeps what was asked.
  if (params.toString() !== seen.current) {
    seen.current = params.toString();
    latest.current = params;
  }
  /** Replaces the query; `replace` keeps the history entry (filters), a page of a list pushes one. */
  const replaceAll = (next: URLSearchParams, replace = true) => {
    latest.current = next;
    setParams(next, { replace });
  };
  /** Changes the query from the last one asked for. */
  const update = (change: (next: URLSearchParams) => void, replace = true) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    replaceAll(next, replace);
  };
  return { params, update, replaceAll };
}
