import { describe, expect, it } from 'vitest';
import { caseTable } from '../../testing/case-table';
import {
  apiQuery,
  emptyState,
  hasFilters,
  isDefaultState,
  parseSearchState,
  readSearchUrl,
  type SearchState,
  serializeSearchState,
  setNear,
  setPage,
  setQuery,
  setRange,
  setLocation,
  setSort,
  toggleRefinement,
} from './search-state';

// The search URL grammar's cases, which domain/tests/search_url.rs reads too.
type Table = {
  cases: {
    name: string;
    url: string;
    api?: boolean;
    state: Partial<SearchState>;
    rejected?: string[];
    written?: string;
  }[];
};
const table: Table = caseTable('search_url.json');

describe('search URL grammar (domain/tests/data/search_url.json)', () => {
  it('has the cases', () => expect(table.cases.length).toBeGreaterThanOrEqual(40));

  it.each(table.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const base = c.api ? 0 : 1;
    const { state, rejected } = readSearchUrl(c.url, base);
    expect(state).toEqual({ ...emptyState(), ...c.state });
    expect(rejected).toEqual(c.rejected ?? []);
    const written = serializeSearchState(state, base);
    expect(written).toBe(c.written ?? c.url);
    expect(readSearchUrl(written, base)).toEqual({ state, rejected: [] });
  });
});

describe('search URL state', () => {
  it('reads every parameter kind', () => {
    const state = parseSearchState(
      '?query=hilux&page=2&sortBy=price_desc&refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&range[price]=$10,000:30000&menu[body]=SUV',
    );
    expect(state.query).toBe('hilux');
    // The URL counts pages from 1: page=2 is the second page (from 0, as the endpoint counts).
    expect(state.page).toBe(1);
    expect(state.sortBy).toBe('price_desc');
    expect(state.refinements.make).toEqual(['Toyota', 'Mazda']);
    expect(state.ranges.price).toEqual({ min: 10000, max: 30000 });
    expect(state.menu.body).toBe('SUV');
  });

  it('keeps the dealer search parameters locationId and locationType (seed 000 s2 "Dealer search parameters: locationId, locationType, lat, lng, userLocation")', () => {
    const state = parseSearchState('?page=2&locationId=3101&locationType=sales');
    expect([state.locationId, state.locationType]).toEqual(['3101', 'sales']);
    expect(hasFilters(state)).toBe(true);
    expect(apiQuery(state, [], 21, 'latest')).toBe(
      'page=1&hitsPerPage=21&sortBy=latest&locationId=3101&locationType=sales',
    );
    // The dealership picker picks a location by id in place of a name refinement, and the
    // page starts again.
    const named = parseSearchState('?page=2&refinementList[location_name][0]=Moreton Springwood');
    const picked = setLocation(named, 'location_name', '3102');
    expect(serializeSearchState(picked)).toBe('locationId=3102');
    expect(serializeSearchState(setLocation(picked, 'location_name', ''))).toBe('');
  });

  it('round-trips through the query string', () => {
    const text =
      'query=rav4&page=2&sortBy=latest&refinementList%5Bmake%5D%5B0%5D=Toyota&range%5Bkm%5D=%3A50000';
    expect(serializeSearchState(parseSearchState(text))).toBe(text);
  });

  it('writes page=2 for the second page, and asks the endpoint for its page 1', () => {
    const second = setPage(parseSearchState('?refinementList[make][0]=Toyota'), 1);
    expect(serializeSearchState(second)).toBe('page=2&refinementList%5Bmake%5D%5B0%5D=Toyota');
    expect(apiQuery(second, [], 24, 'latest')).toBe(
      'page=1&hitsPerPage=24&sortBy=latest&refinementList%5Bmake%5D%5B0%5D=Toyota',
    );
    expect(serializeSearchState(setPage(second, 0))).toBe('refinementList%5Bmake%5D%5B0%5D=Toyota');
    expect(parseSearchState('?page=1').page).toBe(0);
    expect(parseSearchState('?page=0').page).toBe(0);
    expect(parseSearchState('?page=x').page).toBe(0);
  });

  it('drops the page when a filter changes', () => {
    const state = parseSearchState('?page=3&refinementList[make][0]=Toyota');
    const toggled = toggleRefinement(state, 'colour', 'Red');
    expect(toggled.page).toBe(0);
    expect(toggled.refinements.colour).toEqual(['Red']);
    expect(toggleRefinement(toggled, 'colour', 'Red').refinements.colour).toBeUndefined();
    expect(setRange(state, 'price', 5000, null).page).toBe(0);
  });

  it('keeps a distance search as lat, lng, radius and the postcode as userLocation', () => {
    const near = setNear(parseSearchState('?page=2'), {
      lat: -27.47,
      lng: 153.02,
      radius: 100,
      postcode: '4000',
    });
    expect(near.page).toBe(0);
    const text = serializeSearchState(near);
    expect(text).toBe('lat=-27.47&lng=153.02&radius=100&userLocation=4000');
    expect(parseSearchState(`?${text}`).near).toEqual({
      lat: -27.47,
      lng: 153.02,
      radius: 100,
      postcode: '4000',
    });
    expect(parseSearchState('?lat=-27.47&radius=100').near).toBeNull();
    expect(hasFilters(near)).toBe(true);
  });

  it('drops the models with the last make, and the page with the text or the sort', () => {
    const state = parseSearchState(
      '?page=4&refinementList[make][0]=Toyota&refinementList[model][0]=RAV4',
    );
    expect(toggleRefinement(state, 'make', 'Toyota').refinements).toEqual({});
    expect(toggleRefinement(state, 'make', 'Mazda').refinements.model).toEqual(['RAV4']);
    expect(setQuery(state, 'hybrid').page).toBe(0);
    expect(setSort(state, 'price_asc').page).toBe(0);
    expect(hasFilters(emptyState())).toBe(false);
    expect(hasFilters(setQuery(emptyState(), 'rav4'))).toBe(true);
  });

  it('adds fixed filters and the default sort to the endpoint query', () => {
    const query = apiQuery(
      parseSearchState(''),
      [{ facet: 'make', value: 'Toyota' }],
      21,
      'latest',
    );
    expect(decodeURIComponent(query)).toBe('hitsPerPage=21&sortBy=latest&menu[make]=Toyota');
    expect(isDefaultState(parseSearchState('?utm_source=x'))).toBe(true);
  });
});
