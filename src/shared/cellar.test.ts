import { describe, expect, it } from 'vitest';
import { cellarCeilingMessage, deliveredWines, recountIsFarOff } from './cellar.js';

describe('recountIsFarOff', () => {
  it('asks when the count is more than 2 bottles or more than 25 % away from the system', () => {
    expect(recountIsFarOff(14, 4)).toBe(true);
    expect(recountIsFarOff(14, 13)).toBe(false);
    expect(recountIsFarOff(14, 14)).toBe(false);
    expect(recountIsFarOff(100, 97)).toBe(true);
    expect(recountIsFarOff(100, 98)).toBe(false);
    // 25 % of 4 is one bottle: exactly that is not "more than".
    expect(recountIsFarOff(4, 3)).toBe(false);
    expect(recountIsFarOff(4, 2)).toBe(true);
    expect(recountIsFarOff(0, 1)).toBe(true);
    expect(recountIsFarOff(0, 0)).toBe(false);
  });
});

describe('deliveredWines', () => {
  it('sums the lines of one catalogue wine and keeps a line without one by its name', () => {
    const lines = [
      { wine_id: 'a', wine_name: 'Syrah', quantity: 6 },
      { wine_id: null, wine_name: 'Rosé ', quantity: 1 },
      { wine_id: 'a', wine_name: 'Syrah', quantity: 3 },
      { wine_id: null, wine_name: 'rosé', quantity: 2 },
      { wine_id: 'b', wine_name: 'Brut', quantity: 0 },
    ];
    expect(deliveredWines(lines).map(({ wine_id, name, quantity }) => [wine_id, name, quantity])).toEqual([
      ['a', 'Syrah', 9],
      [null, 'Rosé ', 3],
    ]);
  });
});

describe('cellarCeilingMessage', () => {
  it('names the wine, what it has and what would come, with the ceiling in pt-BR digits', () => {
    expect(cellarCeilingMessage('Brut', 1, 100_000)).toBe(
      'Brut tem 1 garrafa: com mais 100.000 passaria do máximo de 100.000 garrafas por vinho na adega. Confira a quantidade.',
    );
  });
});
