import { z } from 'zod';

/**
 * What another screen hands to /pedidos/novo (in the navigation's state) to open it filled in: the cellar's
 * "Criar pedido" sends the supplier and the wines to restock with their quantities and last unit costs.
 */
const orderPrefillSchema = z.object({
  establishment_id: z.string(),
  supplier_id: z.string(),
  items: z
    .array(z.object({ wine_id: z.string(), wine_label: z.string(), quantity: z.number().int().min(1), price: z.number().min(0) }))
    .min(1),
});
export type OrderPrefill = z.infer<typeof orderPrefillSchema>;

/** The prefill carried by a navigation's state, or null when there is none (or it is not one). */
export function readOrderPrefill(state: unknown): OrderPrefill | null {
  const parsed = z.object({ orderPrefill: orderPrefillSchema }).safeParse(state);
  return parsed.success ? parsed.data.orderPrefill : null;
}

export const orderPrefillState = (orderPrefill: OrderPrefill) => ({ orderPrefill });
