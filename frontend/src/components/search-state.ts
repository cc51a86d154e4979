// Search state kept in the URL (seed 000 s2): query, page, sortBy and each facet in its
// own parameter: refinementList[facet][i]=value, range[field]=min:max, menu[facet]=value,
// the distance search as lat, lng, radius (km) with the shopper's postcode as
// userLocation, and a dealer location as locationId and locationType (seed 000 s2 dealer
// search parameters).
import type { FixedFilter } from '../types/generated/FixedFilter';

/** A distance search: around the shopper's postcode, within `radius` km. */
export interface Near {
  lat: number;
  lng: number;
  radius: number;
  /** The postcode the shopper gave (shown back in the picker). */
  postcode: string;
}

/** The search state of a URL. */
export interface SearchState {
  query: string;
  /** Page from 0, as the search endpoint counts. The URL counts from 1 (`page=2` is
   *  the second page, what a shopper reading the address expects). */
  page: number;
  sortBy: string;
  refinements: Record<string, string[]>;
  ranges: Record<string, { min: number | null; max: number | null }>;
  menu: Record<string, string>;
  near: Near | null;
  /** A dealer location's id (the dealership picker); empty: any. */
  locationId: string;
  /** A location department type (sales, service, parts); empty: any. */
  locationType: string;
}

/** The empty state. */
export function emptyState(): SearchState {
  return {
    query: '',
    page: 0,
    sortBy: '',
    refinements: {},
    ranges: {},
    menu: {},
    near: null,
    locationId: '',
    locationType: '',
  };
}

function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Reads the state from a query string ("?query=...&refinementList[make][0]=Toyota"). */
export function parseSearchState(search: string): SearchState {
  const state = emptyState();
  const params = new URLSearchParams(search);
  const near = { lat: NaN, lng: NaN, radius: NaN, postcode: '' };
  for (const [key, value] of params) {
    if (key === 'query') state.query = value;
    else if (key === 'page') state.page = Math.max(0, (Math.trunc(Number(value)) || 1) - 1);
    else if (key === 'sortBy') state.sortBy = value;
    else if (key === 'lat') near.lat = parseNumber(value) ?? NaN;
    else if (key === 'lng') near.lng = parseNumber(value) ?? NaN;
    else if (key === 'radius') near.radius = parseNumber(value) ?? NaN;
    else if (key === 'userLocation') near.postcode = value;
    else if (key === 'locationId') state.locationId = value.trim();
    else if (key === 'locationType') state.locationType = value.trim();
    else {
      const refinement = /^refinementList\[([^\]]+)\]\[(\d+)\]$/.exec(key);
      const range = /^range\[([^\]]+)\]$/.exec(key);
      const menu = /^menu\[([^\]]+)\]$/.exec(key);
      if (refinement?.[1]) {
        (state.refinements[refinement[1]] ??= []).push(value);
      } else if (range?.[1]) {
        const [min = '', max = ''] = value.split(':');
        state.ranges[range[1]] = { min: parseNumber(min), max: parseNumber(max) };
      } else if (menu?.[1]) {
        state.menu[menu[1]] = value;
      }
    }
  }
  if (Number.isFinite(near.lat) && Number.isFinite(near.lng) && Number.isFinite(near.radius))
    state.near = near;
  return state;
}

/** Writes the state as a query string (without "?"), in a stable order; the page as the
 *  URL counts it (from 1), or as the search endpoint does (from 0) for `apiQuery`. */
export function serializeSearchState(state: SearchState, pageBase: 0 | 1 = 1): string {
  const params = new URLSearchParams();
  if (state.query) params.append('query', state.query);
  if (state.page > 0) params.append('page', String(state.page + pageBase));
  if (state.sortBy) params.append('sortBy', state.sortBy);
  for (const facet of Object.keys(state.refinements).sort()) {
    (state.refinements[facet] ?? []).forEach((value, i) =>
      params.append(`refinementList[${facet}][${i}]`, value),
    );
  }
  for (const field of Object.keys(state.ranges).sort()) {
    const range = state.ranges[field];
    if (range && (range.min !== null || range.max !== null)) {
      params.append(`range[${field}]`, `${range.min ?? ''}:${range.max ?? ''}`);
    }
  }
  for (const facet of Object.keys(state.menu).sort()) {
    params.append(`menu[${facet}]`, state.menu[facet] ?? '');
  }
  if (state.near) {
    params.append('lat', String(state.near.lat));
    params.append('lng', String(state.near.lng));
    params.append('radius', String(state.near.radius));
    if (state.near.postcode) params.append('userLocation', state.near.postcode);
  }
  if (state.locationId) params.append('locationId', state.locationId);
  if (state.locationType) params.append('locationType', state.locationType);
  return params.toString();
}

/** Whether the URL asks for anything the server-rendered first page does not show. */
export function isDefaultState(state: SearchState): boolean {
  return serializeSearchState(state) === '';
}

/** Toggles one facet value; changing a filter removes the page (seed 000 s2). Clearing
 *  the last make also clears the models, whose list shows only once a make is selected. */
export function toggleRefinement(state: SearchState, facet: string, value: string): SearchState {
  const current = state.refinements[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return setRefinement(state, facet, next);
}

/** Sets the selected values of one facet (none clears it); removes the page. */
export function setRefinement(state: SearchState, facet: string, values: string[]): SearchState {
  const refinements = { ...state.refinements, [facet]: values };
  if (values.length === 0) delete refinements[facet];
  if (facet === 'make' && values.length === 0) delete refinements.model;
  return { ...state, refinements, page: 0 };
}

/** Sets the text query (the search box); removes the page. */
export function setQuery(state: SearchState, query: string): SearchState {
  return { ...state, query, page: 0 };
}

/** Sets or clears the distance search; removes the page. */
export function setNear(state: SearchState, near: Near | null): SearchState {
  return { ...state, near, page: 0 };
}

/** Sets the sort; the page starts again from the first. */
export function setSort(state: SearchState, sortBy: string): SearchState {
  return { ...state, sortBy, page: 0 };
}

/** Moves to a page (from 0), keeping every filter. */
export function setPage(state: SearchState, page: number): SearchState {
  return { ...state, page };
}

/** Whether any filter applies (the text, a facet, a range or a distance): what Clear
 *  Filters clears. */
export function hasFilters(state: SearchState): boolean {
  return (
    state.query.trim() !== '' ||
    Object.keys(state.refinements).length > 0 ||
    Object.keys(state.ranges).length > 0 ||
    Object.keys(state.menu).length > 0 ||
    state.near !== null ||
    state.locationId !== '' ||
    state.locationType !== ''
  );
}

/** Picks a dealer location by id (the dealership picker; empty clears it) in place of
 *  a location name refinement; removes the page. */
export function setLocation(state: SearchState, facet: string, locationId: string): SearchState {
  const refinements = { ...state.refinements };
  delete refinements[facet];
  return { ...state, refinements, locationId, page: 0 };
}

/** Sets or clears one range; changing a filter removes the page. */
export function setRange(
  state: SearchState,
  field: string,
  min: number | null,
  max: number | null,
): SearchState {
  const ranges = { ...state.ranges, [field]: { min, max } };
  if (min === null && max === null) delete ranges[field];
  return { ...state, ranges, page: 0 };
}

/** The endpoint query: the URL state plus the route's fixed filters as menu[...]. */
export function apiQuery(
  state: SearchState,
  fixed: FixedFilter[],
  hitsPerPage: number,
  defaultSort: string,
): string {
  const menu = { ...state.menu };
  for (const f of fixed) menu[f.facet] ??= f.value;
  const withFixed: SearchState = { ...state, menu, sortBy: state.sortBy || defaultSort };
  return `${serializeSearchState(withFixed, 0)}&hitsPerPage=${hitsPerPage}`;
}

/** A search's non-empty filters by name, as search history keeps them (seed 001 s3):
 *  the text, each facet's values, each range as min:max and each menu value. */
export function historyFilters(state: SearchState): Record<string, string> {
  const filters: Record<string, string> = {};
  if (state.query.trim() !== '') filters.query = state.query.trim();
  for (const [facet, values] of Object.entries(state.refinements))
    if (values.length > 0) filters[facet] = values.join(', ');
  for (const [field, { min, max }] of Object.entries(state.ranges)) {
    if (min !== null || max !== null) filters[`range[${field}]`] = `${min ?? ''}:${max ?? ''}`;
  }
  for (const [facet, value] of Object.entries(state.menu)) if (value !== '') filters[facet] = value;
  if (state.near) filters.userLocation = `${state.near.postcode} (${state.near.radius} km)`;
  if (state.locationId) filters.locationId = state.locationId;
  if (state.locationType) filters.locationType = state.locationType;
  return filters;
}
