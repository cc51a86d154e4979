import { caseTable } from '../../testing/case-table';
import { describe, expect, it } from 'vitest';
import { PRICE_RANGE_STEP } from '../../types/generated/constants';
import { priceRangeSetHigh, priceRangeSetLow, priceSearchHref } from './price-range-state';

// The table the Rust tests read too (domain/tests/rules_search.rs).
type Table = {
  defaults: { min: number; max: number; step: number };
  moves: {
    name: string;
    side: 'low' | 'high';
    value: number;
    state: [number, number];
    bounds: [number, number];
    expected: number;
  }[];
};

const table = caseTable('price_range_cases.json') as Table;

describe('price-range slider (seed 001 s9: "Price slider defaults min 5000, max 250000, step 500"; s4: "the low value can never reach the high value and vice versa")', () => {
  it('steps 500', () => {
    expect(PRICE_RANGE_STEP).toBe(table.defaults.step);
  });

  for (const c of table.moves) {
    it(c.name, () => {
      const [low, high] = c.state;
      const [min, max] = c.bounds;
      const got =
        c.side === 'low'
          ? priceRangeSetLow(low, high, min, c.value)
          : priceRangeSetHigh(low, high, max, c.value);
      expect(got).toBe(c.expected);
    });
  }

  it('goes to search sorted by price descending (seed 001 s2)', () => {
    const view = {
      min: 5000,
      max: 250000,
      step: 500,
      low: 5000,
      high: 250000,
      search_path: '/search/new-used-and-demo-cars',
      sort_by: 'price_desc',
    };
    expect(priceSearchHref(view, 12500, 60000)).toBe(
      '/search/new-used-and-demo-cars?sortBy=price_desc&range%5Bprice%5D=12500%3A60000',
    );
  });
});
