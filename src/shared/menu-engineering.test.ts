import { describe, expect, it } from 'vitest';
import { type EngineeringSource, engineerMenu, priceEnding, roundToEnding, suggestPrices, withPrices } from './menu-engineering.js';

/** A wine that sold `bottles` at `price` with a margin of `margin` a bottle (centavos). */
const wine = (id: string, bottles: number, price: number, margin: number, extra: Partial<EngineeringSource> = {}): EngineeringSource => ({
  menu_wine_id: id,
  name: id,
  category: 'Tintos',
  cellar_item_id: `item-${id}`,
  pricing: { price_cents: price, by_the_glass: false, glass_price_cents: null, glass_doses: 5, glass_markup_percent: null },
  bottles_sold: bottles,
  glasses_sold: 0,
  bottle_revenue_cents: bottles * price,
  glass_revenue_cents: 0,
  bottle_cost_cents: bottles * (price - margin),
  glass_cost_cents: 0,
  unit_cost_cents: price - margin,
  on_hand: 10,
  available_bottles: 20,
  opens: 0,
  ...extra,
});

describe('the menu engineering matrix', () => {
  it('puts a wine at exactly 70 % of an even share among the popular ones, and one just below among the others', () => {
    // Four wines: an even share is 25 %, the threshold 17,5 %. 7 of 40 bottles is exactly 17,5 %; 6 of 40 is 15 %.
    const edge = engineerMenu(
      [wine('a', 7, 10_000, 5_000), wine('b', 6, 10_000, 5_000), wine('c', 13, 10_000, 5_000), wine('d', 14, 10_000, 5_000)],
      30,
    );
    expect(edge.totals.popularity_threshold).toBe(0.175);
    expect(edge.wines.map((w) => w.quadrant)).toEqual(['star', 'puzzle', 'star', 'star']);
  });

  it('counts a margin equal to the weighted average as high, a centavo less as low', () => {
    // Average margin per bottle: (10 × 5000 + 10 × 5000 + 10 × 4999 + 10 × 5001) / 40 = 5000.
    const r = engineerMenu(
      [wine('a', 10, 10_000, 5_000), wine('b', 10, 10_000, 5_000), wine('c', 10, 10_000, 4_999), wine('d', 10, 10_000, 5_001)],
      30,
    );
    expect(r.totals.average_unit_margin_cents).toBe(5_000);
    expect(r.wines.map((w) => w.quadrant)).toEqual(['star', 'star', 'plowhorse', 'star']);
  });

  it('leaves out wines without sales, cost or a cellar wine, saying what is missing', () => {
    const r = engineerMenu(
      [
        wine('sold', 5, 10_000, 4_000),
        wine('unsold', 0, 10_000, 4_000),
        wine('no-cost', 3, 10_000, 4_000, { bottle_cost_cents: null, unit_cost_cents: null }),
        wine('no-cellar', 0, 10_000, 4_000, { cellar_item_id: null, unit_cost_cents: null }),
      ],
      7,
    );
    expect(r.wines.map((w) => [w.quadrant, w.missing])).toEqual([
      ['star', []],
      [null, ['sales']],
      [null, ['cost']],
      [null, ['cellar']],
    ]);
    expect(r.totals.classified).toBe(1);
  });

  it('revalues the same sales at other prices for the what-if', () => {
    const sources = [wine('a', 10, 10_000, 5_000), wine('b', 2, 8_000, 2_000)];
    const what = engineerMenu(withPrices(sources, new Map([['b', 12_000]])), 30);
    expect(what.wines[1]).toMatchObject({ revenue_cents: 24_000, margin_cents: 24_000 - 12_000, margin_percent: 50 });
  });
});

describe('price suggestions', () => {
  it('use the ending the menu uses most, the nearest such price, never below cost', () => {
    expect(priceEnding([8_990, 12_990, 10_000, 15_990])).toBe(90);
    expect(priceEnding([10_000, 8_990])).toBe(0);
    expect(roundToEnding(12_340, 90, 0)).toBe(12_390);
    expect(roundToEnding(12_330, 90, 0)).toBe(12_290);
    expect(roundToEnding(12_340, 0, 0)).toBe(12_300);
    // The nearest ",90" under the cost would sell at a loss: the next one up.
    expect(roundToEnding(5_010, 90, 5_000)).toBe(5_090);
  });

  it('aim at the target margin from each wine cost, and say nothing where the price already gives it', () => {
    const sources = [
      wine('a', 1, 12_990, 12_990 - 5_000),
      wine('b', 1, 9_990, 9_990 - 4_000),
      wine('c', 1, 9_990, 9_990 - 3_996),
      wine('d', 1, 4_990, 4_990 - 4_990),
    ];
    // 60 %: cost / 0,4. a: 12 500 -> 12 490; b: 10 000 -> 9 990 (already); c: 9 990 (already); d: 12 475 -> 12 490.
    expect(suggestPrices(sources, 60).map((s) => [s.menu_wine_id, s.suggested_price_cents])).toEqual([
      ['a', 12_490],
      ['d', 12_490],
    ]);
  });
});
