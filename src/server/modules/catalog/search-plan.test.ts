import { describe, expect, it } from 'vitest';
import { COUNT_CAP, sortLimit, walkLimit } from './repository.js';

describe('catalogue search plan sizes', () => {
  it('sorts at least every match under the count cap, so a count under the cap is exact', () => {
    expect(sortLimit(COUNT_CAP, 50, 0)).toBe(COUNT_CAP + 1);
    expect(sortLimit(COUNT_CAP, 50, 10_000)).toBe(COUNT_CAP + 1);
    expect(sortLimit(1050, 1050, 50_000)).toBe(7246);
  });

  it('grows with the square root of page end × wines: about 1,600 at 50,000 wines, 5,000 at 500,000', () => {
    expect(sortLimit(COUNT_CAP, 50, 50_000)).toBe(1582);
    expect(sortLimit(COUNT_CAP, 50, 500_000)).toBe(5000);
    expect(sortLimit(COUNT_CAP, 100, 500_000)).toBe(7072);
  });

  it('walks three times the rows a page needs at the sort limit density, never under 2,000', () => {
    expect(walkLimit(50, 50_000, 1582)).toBe(4741);
    expect(walkLimit(50, 500_000, 5000)).toBe(15_000);
    expect(walkLimit(50, 0, 1001)).toBe(2000);
  });
});
