import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { type CellarItem, type CellarMovementValues, cellarMovementResultSchema, cellarStatus } from '../../../shared/cellar';
import { api, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { notifyError } from '../../ui/notify';

export type QuickSale = 'bottle' | 'glass';

/** The glasses in one of this item's bottles, as the server counts them when no menu wine is named. */
export const glassesPerBottle = (item: CellarItem) => item.menu_wines.find((w) => w.by_the_glass)?.glass_doses;

/** The counts a sale leaves, as the server will compute them: a glass opens a bottle when none is open. */
function afterSale(item: CellarItem, sale: QuickSale): CellarItem | null {
  if (sale === 'bottle') return item.on_hand > 0 ? { ...item, on_hand: item.on_hand - 1 } : null;
  if (item.open_bottle_doses > 0) return { ...item, open_bottle_doses: item.open_bottle_doses - 1 };
  if (item.on_hand === 0) return null;
  return { ...item, on_hand: item.on_hand - 1, open_bottle_doses: Math.max((glassesPerBottle(item) ?? 5) - 1, 0) };
}

const withStatus = (item: CellarItem): CellarItem => ({ ...item, status: cellarStatus(item) });

/**
 * "−1 garrafa" / "−1 taça" on a cellar row during service (docs/decisions/0078). Each tap is one sale: the row's
 * count drops at once, taps in flight stack up, and the server's count replaces the screen's only when the last tap
 * of that wine has answered (an earlier answer would undo the later taps on screen). A refusal gives that tap's
 * bottle or glass back, says so, and reads the list again.
 */
export function useCellarQuickSale(establishmentId: string) {
  const queryClient = useQueryClient();
  const listKey = queryKeys.cellar.list(establishmentId);
  const inFlight = useRef(new Map<string, number>());
  const pending = (itemId: string) => inFlight.current.get(itemId) ?? 0;
  const setItem = (itemId: string, change: (item: CellarItem) => CellarItem) =>
    queryClient.setQueryData<CellarItem[]>(listKey, (items) => items?.map((i) => (i.id === itemId ? withStatus(change(i)) : i)));

  return useMutation({
    mutationFn: ({ item, sale }: { item: CellarItem; sale: QuickSale }) => {
      const movement: CellarMovementValues = sale === 'bottle' ? { reason: 'sale', delta: -1 } : { reason: 'glass_sale' };
      return api.post(`/cellar/${item.id}/movements`, movement, cellarMovementResultSchema);
    },
    onMutate: async ({ item, sale }) => {
      inFlight.current.set(item.id, pending(item.id) + 1);
      await queryClient.cancelQueries({ queryKey: listKey });
      const current = queryClient.getQueryData<CellarItem[]>(listKey)?.find((i) => i.id === item.id);
      // Only a sale the shelf can cover is shown ahead of the server; the others wait for its answer.
      const shown = current ? afterSale(current, sale) : null;
      if (current && shown) setItem(item.id, () => shown);
      return { before: current && shown ? { on_hand: current.on_hand, open_bottle_doses: current.open_bottle_doses } : null };
    },
    onSuccess: (result, { item }) => {
      if (pending(item.id) === 1) setItem(item.id, (i) => ({ ...i, on_hand: result.on_hand, open_bottle_doses: result.open_bottle_doses }));
    },
    onError: (err, { item, sale }, context) => {
      const before = context?.before;
      // Give back what this tap took on screen; the list read below brings the server's count.
      if (before)
        setItem(item.id, (i) =>
          sale === 'bottle' || before.open_bottle_doses === 0
            ? { ...i, on_hand: i.on_hand + 1, open_bottle_doses: sale === 'bottle' ? i.open_bottle_doses : before.open_bottle_doses }
            : { ...i, open_bottle_doses: i.open_bottle_doses + 1 },
        );
      const what = sale === 'bottle' ? 'A garrafa' : 'A taça';
      notifyError(errorMessage(err, 'Não foi possível registrar a venda.'), `${what} de ${item.name} não foi registrada`);
    },
    onSettled: (_result, _err, { item }) => {
      inFlight.current.set(item.id, pending(item.id) - 1);
      // A list read while other taps are in flight would show their wines without them for a moment.
      const anyInFlight = [...inFlight.current.values()].some((n) => n > 0);
      if (!anyInFlight) return queryClient.invalidateQueries({ queryKey: queryKeys.cellar.all });
    },
  });
}
