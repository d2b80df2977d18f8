import { useSearchParams } from 'react-router';

/** A list's page kept in the URL (?page=2; the first page has none), so reloads and shared links keep it. */
export function useUrlPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const goToPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };
  return { page, goToPage };
}
