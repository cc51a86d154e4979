// The parts catalogue's search (/parts/search): a query over each part's words and part
// number, one category and one make, a page at a time; the state lives in the URL as
// query, category, make and page (from 0, as the stock search counts it), so a shared
// link shows the same parts. Changing a filter starts again on the first page.
import type { PartFilterOption } from '../../types/generated/PartFilterOption';
import type { PartView } from '../../types/generated/PartView';

/** What the shopper is looking for. */
export interface PartsState {
  /** Words every part shown contains ('' for none). */
  query: string;
  /** The category chosen ('' for every category). */
  category: string;
  /** The make chosen ('' for every make). */
  make: string;
  /** Page from 0. */
  page: number;
}

/** Nothing chosen: every part, first page (what the server renders). */
export function emptyPartsState(): PartsState {
  return { query: '', category: '', make: '', page: 0 };
}

/** The state of a query string ("?category=Towing&make=Toyota&page=1"). */
export function parsePartsState(search: string): PartsState {
  const params = new URLSearchParams(search);
  const text = (name: string) => (params.get(name) ?? '').trim();
  return {
    query: text('query'),
    category: text('category'),
    make: text('make'),
    page: Math.max(0, Math.trunc(Number(params.get('page'))) || 0),
  };
}

/** The state as a query string (without "?"): only what is chosen, in a stable order. */
export function serializePartsState(state: PartsState): string {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.category) params.set('category', state.category);
  if (state.make) params.set('make', state.make);
  if (state.page > 0) params.set('page', String(state.page));
  return params.toString();
}

/** `state` with `changes` to its filters, back on the first page. */
export function setFilters(
  state: PartsState,
  changes: Partial<Omit<PartsState, 'page'>>,
): PartsState {
  return { ...state, ...changes, page: 0 };
}

/** The option `value` names, ignoring case; '' when it names none (a stale or edited link). */
function known(options: PartFilterOption[], value: string): string {
  const wanted = value.toLowerCase();
  return options.find((o) => o.value.toLowerCase() === wanted)?.value ?? '';
}

/** `state` with its category and make written as the catalogue writes them, and dropped
 *  when the catalogue has no such value, so the selects always show what filters. */
export function knownFilters(
  state: PartsState,
  categories: PartFilterOption[],
  makes: PartFilterOption[],
): PartsState {
  return { ...state, category: known(categories, state.category), make: known(makes, state.make) };
}

/** Whether `part` fits `make`: it names the make, or names none (it fits every make). */
export function fitsMake(part: PartView, make: string): boolean {
  const wanted = make.toLowerCase();
  return part.makes.length === 0 || part.makes.some((m) => m.toLowerCase() === wanted);
}

/** Letters and digits only: "PZQ64-0K044" and "pzq64 0k044" both give "pzq640k044". */
function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether `part` passes the state's category, make and query. Every word of the query
 *  must appear in the part's name, number, category, fits or description; a part number
 *  matches however it is punctuated. */
export function matchesPart(part: PartView, state: PartsState): boolean {
  if (state.category && part.category.toLowerCase() !== state.category.toLowerCase()) return false;
  if (state.make && !fitsMake(part, state.make)) return false;
  const words = state.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [part.name, part.number, part.category, part.fits, part.description ?? '']
    .join(' ')
    .toLowerCase();
  const number = compact(part.number);
  return words.every(
    (word) => text.includes(word) || (compact(word) !== '' && number.includes(compact(word))),
  );
}

/** The matching parts, the page shown (the last one when the state asks for a later
 *  page), the page count and the parts of that page. */
export function partsPage(parts: PartView[], state: PartsState, pageSize: number) {
  const matching = parts.filter((part) => matchesPart(part, state));
  const size = Math.max(1, pageSize);
  const pages = Math.max(1, Math.ceil(matching.length / size));
  const page = Math.min(state.page, pages - 1);
  return { matching, page, pages, hits: matching.slice(page * size, (page + 1) * size) };
}
