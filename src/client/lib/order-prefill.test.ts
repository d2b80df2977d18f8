import { describe, expect, it } from 'vitest';
import { orderPrefillState, readOrderPrefill } from './order-prefill';

const prefill = {
  establishment_id: 'e1',
  supplier_id: 's1',
  items: [{ wine_id: 'w1', wine_label: 'Reserva da Serra 2021', quantity: 6, price: 98.5 }],
};

describe('order prefill (the cellar\'s "Criar pedido" -> /pedidos/novo)', () => {
  it('reads back what the cellar put in the navigation state', () => {
    expect(readOrderPrefill(orderPrefillState(prefill))).toEqual(prefill);
  });

  it("ignores a state that is not a prefill: none, another screen's, or a damaged one", () => {
    expect(readOrderPrefill(null)).toBeNull();
    expect(readOrderPrefill({ from: '/pedidos' })).toBeNull();
    expect(readOrderPrefill({ orderPrefill: { ...prefill, items: [] } })).toBeNull();
    expect(readOrderPrefill({ orderPrefill: { ...prefill, items: [{ ...prefill.items[0], quantity: 0 }] } })).toBeNull();
    expect(readOrderPrefill({ orderPrefill: { ...prefill, supplier_id: 7 } })).toBeNull();
  });
});
