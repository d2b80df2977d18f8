import { useUrlParams } from './use-url-params';

/** A list's page kept in the URL (?page=2; the first page has none), so reloads and shared links keep it. */
export function useUrlPage() {
  const { params, update } = useUrlParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const goToPage = (p: number) =>
    update((next) => {
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
    }, false);
  return { page, goToPage };
}
