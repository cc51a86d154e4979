import { describe, expect, it } from 'vitest';
import { emptyState, parseSearchState } from './search-state';
import { view } from '../../testing/search-view';
import { applyUnderstood, filterChips, rangeText, searchHeading } from './understood';

describe('applyUnderstood', () => {
  it('replaces the text and the fields the endpoint read, keeping the other filters', () => {
    const state = parseSearchState(
      '?query=2020+under+30k&range[km]=:50000&range[price]=10000:&refinementList[make][0]=Kia',
    );
    const next = applyUnderstood(state, {
      query: '',
      phrases: ['2020', 'under 30k'],
      ranges: { price: { min: 10000, max: 30000 } },
      refinements: { year: ['2020'] },
    });
    expect(next.query).toBe('');
    expect(next.ranges).toEqual({
      km: { min: null, max: 50000 },
      price: { min: 10000, max: 30000 },
    });
    expect(next.refinements).toEqual({ make: ['Kia'], year: ['2020'] });
  });
});

describe('searchHeading', () => {
  const heading = (search: string, overrides = {}) =>
    searchHeading(parseSearchState(search), view(overrides), {});

  it("is the route's title until the shopper picks a car type, make, model or fuel", () => {
    expect(heading('')).toBe('New, Used and Demo Cars for Sale');
    expect(heading('?query=rav4&range[price]=:30000')).toBe('New, Used and Demo Cars for Sale');
  });

  it('names the picks in the order car type, make, model, fuel', () => {
    expect(heading('?refinementList[make][0]=Toyota')).toBe('Toyota for Sale');
    expect(heading('?refinementList[fuel][0]=Diesel&refinementList[car_type][0]=used')).toBe(
      'Used Diesel Cars for Sale',
    );
    expect(
      heading('?refinementList[model][0]=RAV4', {
        title: 'Toyota Cars for Sale',
        fixed_filters: [{ facet: 'make', value: 'Toyota' }],
      }),
    ).toBe('Toyota RAV4 for Sale');
    expect(
      heading('?refinementList[car_type][0]=new', {
        vehicle_words: { one: 'motorcycle', many: 'motorcycles' },
      }),
    ).toBe('New Motorcycles for Sale');
  });

  it('keeps the title when a facet has several picks', () => {
    expect(heading('?refinementList[make][0]=Toyota&refinementList[make][1]=Kia')).toBe(
      'New, Used and Demo Cars for Sale',
    );
  });
});

describe('filterChips', () => {
  it('lists the text, each value and each range with the state without it', () => {
    const state = parseSearchState(
      '?query=hybrid&refinementList[make][0]=Toyota&range[year]=2019:&range[km]=:50000',
    );
    const chips = filterChips(state, view(), {});
    expect(chips.map((c) => c.label)).toEqual([
      '“hybrid”',
      'Make: Toyota',
      'Odometer up to 50,000 km',
      'Year 2019 or newer',
    ]);
    expect(chips[1]?.without.refinements).toEqual({});
    expect(chips[3]?.without.ranges).toEqual({ km: { min: null, max: 50000 } });
    expect(filterChips(emptyState(), view(), {})).toEqual([]);
  });

  it('writes ranges in words', () => {
    expect(rangeText(view(), 'price', { min: 10000, max: 30000 })).toBe('Price $10,000 to $30,000');
    expect(rangeText(view(), 'price', { min: 20000, max: null })).toBe('Price from $20,000');
    expect(rangeText(view(), 'year', { min: null, max: 2015 })).toBe('Year 2015 or older');
  });
});
