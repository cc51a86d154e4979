// Search state kept in the URL (seed 000 s2): query, page, sortBy and each facet in its
// own parameter: refinementList[facet][i]=value, range[field]=min:max, menu[facet]=value.
import type { FixedFilter } from '../../types/generated/FixedFilter';

/** The search state of a URL. */
export interface SearchState {
  query: string;
  /** Page from 0, as the search endpoint counts. */
  page: number;
  sortBy: string;
  refinements: Record<string, string[]>;
  ranges: Record<string, { min: number | null; max: number | null }>;
  menu: Record<string, string>;
}

/** The empty state. */
export function emptyState(): SearchState {
  return { query: '', page: 0, sortBy: '', refinements: {}, ranges: {}, menu: {} };
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
  for (const [key, value] of params) {
    if (key === 'query') state.query = value;
    else if (key === 'page') state.page = Math.max(0, Math.trunc(Number(value)) || 0);
    else if (key === 'sortBy') state.sortBy = value;
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
  return state;
}

/** Writes the state as a query string (without "?"), in a stable order. */
export function serializeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.query) params.append('query', state.query);
  if (state.page > 0) params.append('page', String(state.page));
  if (state.sortBy) params.append('sortBy', state.sortBy);
  for (const facet of Object.keys(state.refinements).sort()) {
    (state.refinements[facet] ?? []).forEach((value, i) => params.append(`refinementList[${facet}][${i}]`, value));
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
  return params.toString();
}

/** Whether the URL asks for anything the server-rendered first page does not show. */
export function isDefaultState(state: SearchState): boolean {
  return serializeSearchState(state) === '';
}

/** Toggles one facet value; changing a filter removes the page (seed 000 s2). */
export function toggleRefinement(state: SearchState, facet: string, value: string): SearchState {
  const current = state.refinements[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const refinements = { ...state.refinements, [facet]: next };
  if (next.length === 0) delete refinements[facet];
  return { ...state, refinements, page: 0 };
}

/** Sets or clears one range; changing a filter removes the page. */
export function setRange(state: SearchState, field: string, min: number | null, max: number | null): SearchState {
  const ranges = { ...state.ranges, [field]: { min, max } };
  if (min === null && max === null) delete ranges[field];
  return { ...state, ranges, page: 0 };
}

/** The endpoint query: the URL state plus the route's fixed filters as menu[...]. */
export function apiQuery(state: SearchState, fixed: FixedFilter[], hitsPerPage: number, defaultSort: string): string {
  const menu = { ...state.menu };
  for (const f of fixed) menu[f.facet] ??= f.value;
  const withFixed: SearchState = { ...state, menu, sortBy: state.sortBy || defaultSort };
  return `${serializeSearchState(withFixed)}&hitsPerPage=${hitsPerPage}`;
}
