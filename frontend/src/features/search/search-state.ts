// Search state kept in the URL (seed 000 s2): query, page, sortBy and each facet in its
// own parameter: refinementList[facet][i]=value, range[field]=min:max, menu[facet]=value,
// the distance search as lat, lng, radius (km) with the shopper's postcode as
// userLocation, and a dealer location as locationId and locationType (seed 000 s2 dealer
// search parameters); the endpoint's hitsPerPage and ids too. The grammar's one reader
// and writer in TypeScript; its Rust twin is domain/src/search_url.rs, and both are held
// to domain/tests/data/search_url.json.
import type { FixedFilter } from '../../types/generated/FixedFilter';
import { DEFAULT_RADIUS_KM, DISTANCE_CHOICES_KM } from '../../types/generated/constants';

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
  /** The text, trimmed when read. */
  query: string;
  /** Page from 0, as the search endpoint counts. The URL counts from 1 (`page=2` is
   *  the second page, what a shopper reading the address expects). */
  page: number;
  /** The endpoint's page size, when the URL names it. */
  hitsPerPage: number | null;
  /** The order as written; `relevance` is kept, so it beats a dealer's default sort. */
  sortBy: string;
  /** Selected values by facet, in index order, without blanks or repeats. */
  refinements: Record<string, string[]>;
  ranges: Record<string, { min: number | null; max: number | null }>;
  menu: Record<string, string>;
  near: Near | null;
  /** Only these cars (the watchlist's saved cars), sorted; empty: every car. */
  ids: number[];
  /** A dealer location's id (the dealership picker); empty: any. */
  locationId: string;
  /** A location department type (sales, service, parts), lower-cased; empty: any. */
  locationType: string;
}

/** The empty state. */
export function emptyState(): SearchState {
  return {
    query: '',
    page: 0,
    hitsPerPage: null,
    sortBy: '',
    refinements: {},
    ranges: {},
    menu: {},
    near: null,
    ids: [],
    locationId: '',
    locationType: '',
  };
}

/** How a URL counts pages: the page's address from 1, the search endpoint from 0. */
export type PageBase = 0 | 1;

/** What a query string holds, and the parameters that could not be read (left out: the
 *  page ignores them, the endpoint answers 400). */
export interface ReadSearchUrl {
  state: SearchState;
  rejected: string[];
}

const U32_MAX = 4294967295;
const U64_MAX = '18446744073709551615';

/** A whole number as Rust's u32 reads one (an optional `+`, then digits). */
function whole(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\+?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= U32_MAX ? value : null;
}

/** A positive whole number written with digits only, as its text without leading zeros. */
function positiveId(text: string): string | null {
  if (!/^\d+$/.test(text)) return null;
  const digits = text.replace(/^0+/, '');
  if (digits === '') return null;
  return digits.length < U64_MAX.length || (digits.length === U64_MAX.length && digits <= U64_MAX)
    ? digits
    : null;
}

/** Seed 001 s7: a money text with dollar signs, commas and spaces removed, read as Rust
 *  reads a float (no hexadecimal, no Infinity); blank is absent, `undefined` unreadable. */
function parseNumber(text: string): number | null | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

/** `name[a][b]` as `name` and its bracketed parts; null when not of that shape. */
function brackets(key: string): [string, string[]] | null {
  const open = key.indexOf('[');
  if (open < 0) return null;
  const parts: string[] = [];
  let rest = key.slice(open);
  while (rest !== '') {
    if (!rest.startsWith('[')) return null;
    const close = rest.indexOf(']');
    if (close < 0) return null;
    parts.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  return [key.slice(0, open), parts];
}

const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Reads a query string ("?query=...&refinementList[make][0]=Toyota"), pages counted from
 *  `pageBase`, with the parameters it could not read. */
export function readSearchUrl(search: string, pageBase: PageBase = 1): ReadSearchUrl {
  const state = emptyState();
  const rejected: string[] = [];
  const lists: [string, number, string][] = [];
  let lat: number | null = null;
  let lng: number | null = null;
  let radius: number | null = null;
  let nearRejected = false;
  let postcode = '';
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === 'query') state.query = value.trim();
    else if (key === 'page') {
      const page = whole(value);
      if (page !== null && page >= pageBase) state.page = page - pageBase;
      else rejected.push(key);
    } else if (key === 'hitsPerPage') {
      const hits = whole(value);
      if (hits !== null) state.hitsPerPage = hits;
      else rejected.push(key);
    } else if (key === 'sortBy') state.sortBy = value.trim();
    else if (key === 'ids') {
      const parts = value
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      const ids = parts.map(positiveId);
      if (ids.some((id) => id === null)) rejected.push(key);
      else state.ids = [...new Set(ids.map(Number))].sort((a, b) => a - b);
    } else if (key === 'locationId') {
      const trimmed = value.trim();
      const id = trimmed === '' ? '' : positiveId(trimmed);
      if (id === null) rejected.push(key);
      else state.locationId = id;
    } else if (key === 'locationType') state.locationType = asciiLower(value.trim());
    else if (key === 'lat' || key === 'lng' || key === 'radius') {
      const number = parseNumber(value);
      if (number === undefined) {
        nearRejected = true;
        rejected.push(key);
      } else if (key === 'lat') lat = number;
      else if (key === 'lng') lng = number;
      else radius = number;
    } else if (key === 'userLocation') postcode = value.trim();
    else {
      const split = brackets(key);
      if (!split) continue;
      const [head, parts] = split;
      if (head !== 'refinementList' && head !== 'menu' && head !== 'range') continue;
      const name = parts[0] ?? '';
      if (parts.length > (head === 'refinementList' ? 2 : 1) || name === '') {
        rejected.push(key);
      } else if (head === 'refinementList') {
        const index = parts[1];
        if (index === undefined || index === '') {
          // No index: after the values of the facet before it.
          lists.push([name, lists.filter(([f]) => f === name).length, value.trim()]);
        } else if (/^\d+$/.test(index)) lists.push([name, Number(index), value.trim()]);
        else rejected.push(key);
      } else if (head === 'menu') {
        const trimmed = value.trim();
        if (trimmed === '') delete state.menu[name];
        else state.menu[name] = trimmed;
      } else {
        const colon = value.indexOf(':');
        const min = colon < 0 ? undefined : parseNumber(value.slice(0, colon));
        const max = colon < 0 ? undefined : parseNumber(value.slice(colon + 1));
        if (min === undefined || max === undefined || (min !== null && max !== null && min > max))
          rejected.push(key);
        else if (min === null && max === null) delete state.ranges[name];
        else state.ranges[name] = { min, max };
      }
    }
  }
  lists.sort(([fa, ia], [fb, ib]) => (fa < fb ? -1 : fa > fb ? 1 : ia - ib));
  for (const [facet, , value] of lists) {
    if (value === '') continue;
    const values = (state.refinements[facet] ??= []);
    if (!values.some((v) => asciiLower(v) === asciiLower(value))) values.push(value);
  }
  if (!nearRejected && (lat !== null || lng !== null || radius !== null)) {
    if (lat === null) rejected.push('lat');
    else if (lng === null) rejected.push('lng');
    else if (lat < -90 || lat > 90) rejected.push('lat');
    else if (lng < -180 || lng > 180) rejected.push('lng');
    else {
      const km = radius ?? DEFAULT_RADIUS_KM;
      if ((DISTANCE_CHOICES_KM as readonly number[]).includes(km))
        state.near = { lat, lng, radius: km, postcode };
      else rejected.push('radius');
    }
  }
  return { state, rejected };
}

/** Reads the state of the search page's address, leaving out what it cannot read. */
export function parseSearchState(search: string): SearchState {
  return readSearchUrl(search).state;
}

/** Writes the state as a query string (without "?"), in a stable order; the page as the
 *  URL counts it (from 1), or as the search endpoint does (from 0) for `apiQuery`. */
export function serializeSearchState(state: SearchState, pageBase: PageBase = 1): string {
  const params = new URLSearchParams();
  if (state.query) params.append('query', state.query);
  if (state.page > 0) params.append('page', String(state.page + pageBase));
  if (state.hitsPerPage !== null) params.append('hitsPerPage', String(state.hitsPerPage));
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
    const value = state.menu[facet] ?? '';
    if (value !== '') params.append(`menu[${facet}]`, value);
  }
  if (state.near) {
    params.append('lat', String(state.near.lat));
    params.append('lng', String(state.near.lng));
    params.append('radius', String(state.near.radius));
    if (state.near.postcode) params.append('userLocation', state.near.postcode);
  }
  if (state.ids.length > 0) params.append('ids', state.ids.join(','));
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
  const withFixed: SearchState = {
    ...state,
    menu,
    hitsPerPage,
    sortBy: state.sortBy || defaultSort,
  };
  return serializeSearchState(withFixed, 0);
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
