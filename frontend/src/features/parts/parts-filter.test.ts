import { describe, expect, it } from 'vitest';
import type { PartView } from '../../types/generated/PartView';
import {
  emptyPartsState,
  fitsMake,
  knownFilters,
  matchesPart,
  parsePartsState,
  partsPage,
  serializePartsState,
  setFilters,
} from './parts-filter';

const part = (
  number: string,
  name: string,
  category: string,
  makes: string[],
  fits = 'All models',
  description: string | null = null,
): PartView => ({
  number,
  name,
  category,
  makes,
  fits,
  description,
  price_text: 'Enquire for price.',
  order_url: `/parts?part_number=${number}#parts-form`,
});

const towbar = part(
  'PZQ64-0K044',
  'Towbar - Heavy Duty',
  'Towing',
  ['Toyota'],
  'Toyota HiLux',
  'Rated to 3,500 kg braked.',
);
const mazdaTowbar = part('0000-8B-L01', 'Tow Bar Kit', 'Towing', ['Mazda'], 'Mazda CX-5');
const mats = part('PZQ20-42080', 'Rubber Floor Mats', 'Interior', ['Toyota'], 'Toyota RAV4');
const kit = part('MMG-FAK-01', 'First Aid Kit', 'Safety', []);
const parts = [towbar, mazdaTowbar, mats, kit];
const state = (changes: Partial<ReturnType<typeof emptyPartsState>>) => ({
  ...emptyPartsState(),
  ...changes,
});

describe('parts filter', () => {
  it('narrows by category, then by make, counting a part for every make under each', () => {
    const towing = parts.filter((p) => matchesPart(p, state({ category: 'Towing' })));
    expect(towing.map((p) => p.number)).toEqual(['PZQ64-0K044', '0000-8B-L01']);
    const toyotaTowing = parts.filter((p) =>
      matchesPart(p, state({ category: 'Towing', make: 'Toyota' })),
    );
    expect(toyotaTowing.map((p) => p.number)).toEqual(['PZQ64-0K044']);
    const toyota = parts.filter((p) => matchesPart(p, state({ make: 'toyota' })));
    expect(toyota.map((p) => p.number)).toEqual(['PZQ64-0K044', 'PZQ20-42080', 'MMG-FAK-01']);
    expect(fitsMake(kit, 'Mazda')).toBe(true);
  });

  it('matches every word of the query in the name, number, fits or description, and part numbers however punctuated', () => {
    const numbers = (query: string) =>
      parts.filter((p) => matchesPart(p, state({ query }))).map((p) => p.number);
    expect(numbers('tow HILUX')).toEqual(['PZQ64-0K044']);
    expect(numbers('3,500')).toEqual(['PZQ64-0K044']);
    expect(numbers('pzq640k044')).toEqual(['PZQ64-0K044']);
    expect(numbers('PZQ64 0K044')).toEqual(['PZQ64-0K044']);
    expect(numbers('mats rav4')).toEqual(['PZQ20-42080']);
    expect(numbers('nothing like this')).toEqual([]);
    expect(numbers('  ')).toHaveLength(4);
  });

  it('keeps the state in the URL, only what is chosen, and a new filter drops the page', () => {
    const chosen = { query: 'tow bar', category: 'Towing', make: 'Land Rover', page: 2 };
    const query = serializePartsState(chosen);
    expect(query).toBe('query=tow+bar&category=Towing&make=Land+Rover&page=2');
    expect(parsePartsState(`?${query}`)).toEqual(chosen);
    expect(serializePartsState(emptyPartsState())).toBe('');
    expect(parsePartsState('?page=-3&page=x')).toEqual(emptyPartsState());
    const next = setFilters(chosen, { make: 'Toyota' });
    expect(next).toEqual({ ...chosen, make: 'Toyota', page: 0 });
    expect(serializePartsState(next)).not.toContain('page=');
  });

  it('writes the category and make of a link as the catalogue does, and drops ones it does not have', () => {
    const categories = [{ value: 'Towing', count: 2 }];
    const makes = [
      { value: 'Toyota', count: 3 },
      { value: 'Mazda', count: 2 },
    ];
    expect(knownFilters(state({ category: 'towing', make: 'MAZDA' }), categories, makes)).toEqual(
      state({ category: 'Towing', make: 'Mazda' }),
    );
    expect(knownFilters(state({ category: 'Wheels', make: 'Kia' }), categories, makes)).toEqual(
      emptyPartsState(),
    );
  });

  it('pages the matches and shows the last page when asked for a later one', () => {
    const many = Array.from({ length: 30 }, (_, i) => part(`P${i}`, `Part ${i}`, 'Interior', []));
    const first = partsPage(many, emptyPartsState(), 24);
    expect([first.matching.length, first.page, first.pages, first.hits.length]).toEqual([
      30, 0, 2, 24,
    ]);
    const beyond = partsPage(many, state({ page: 9 }), 24);
    expect([beyond.page, beyond.hits.length, beyond.hits[0]?.number]).toEqual([1, 6, 'P24']);
    expect(partsPage([], emptyPartsState(), 24)).toMatchObject({ page: 0, pages: 1, hits: [] });
  });
});
