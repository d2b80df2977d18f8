import { useQuery } from '@tanstack/react-query';
import { establishmentListQuery } from './shared-queries';
import { useUrlParams } from './use-url-params';

/**
 * The establishment a screen of one establishment shows (the cellar, the integrations): `?establishment_id=` when it is one the user may see, else the
 * first of its establishments (most people work for one).
 */
export function useChosenEstablishment() {
  const { params, update } = useUrlParams();
  const establishments = useQuery(establishmentListQuery());
  const list = establishments.data ?? [];
  const asked = params.get('establishment_id');
  const establishment = list.find((e) => e.id === asked) ?? list[0] ?? null;
  const choose = (id: string) => update((next) => next.set('establishment_id', id));
  return { establishments, list, establishment, choose };
}
