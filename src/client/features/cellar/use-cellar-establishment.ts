import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { establishmentListQuery } from '../../lib/shared-queries';

/**
 * The establishment whose cellar the screen shows: `?establishment_id=` when it is one the user may see, else the
 * first of its establishments (most people work for one).
 */
export function useCellarEstablishment() {
  const [params, setParams] = useSearchParams();
  const establishments = useQuery(establishmentListQuery());
  const list = establishments.data ?? [];
  const asked = params.get('establishment_id');
  const establishment = list.find((e) => e.id === asked) ?? list[0] ?? null;
  const choose = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('establishment_id', id);
        return next;
      },
      { replace: true },
    );
  return { establishments, list, establishment, choose };
}
