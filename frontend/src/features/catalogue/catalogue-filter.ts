// Filtering a catalogue list in the browser (seed 000 s7: the dealership offers search
// filters on categories and price; the manufacturer catalogue search on manufacturer,
// model and body; 21 per page): facets, an optional price range and a query, with the
// state in the URL like the stock search.
import type { SearchState } from '../search/search-state';

/** One facet of a catalogue: its URL name (refinementList[name]), label and values. */
interface FacetSpec<T> {
  name: string;
  label: string;
  values: (item: T) => string[];
}

/** How a catalogue is searched. */
export interface CatalogueSpec<T> {
  facets: FacetSpec<T>[];
  /** Words the query matches. */
  text: (item: T) => Array<string | null>;
  /** The price the range filter reads, when the catalogue has one. */
  price?: (item: T) => number | null;
}

/** Whether an item passes the state's facets, price range and query. */
function matchesItem<T>(item: T, state: SearchState, spec: CatalogueSpec<T>): boolean {
  for (const facet of spec.facets) {
    const chosen = state.refinements[facet.name] ?? [];
    if (chosen.length > 0 && !facet.values(item).some((v) => chosen.includes(v))) return false;
  }
  const range = state.ranges.price;
  if (spec.price && range && (range.min !== null || range.max !== null)) {
    const price = spec.price(item);
    if (price === null) return false;
    if (range.min !== null && price < range.min) return false;
    if (range.max !== null && price > range.max) return false;
  }
  const words = state.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const text = spec.text(item).filter(Boolean).join(' ').toLowerCase();
    if (!words.every((w) => text.includes(w))) return false;
  }
  return true;
}

/** The matching items, the page shown (clamped to the last page) and the page count. */
export function cataloguePage<T>(
  items: T[],
  state: SearchState,
  spec: CatalogueSpec<T>,
  pageSize: number,
) {
  const matching = items.filter((item) => matchesItem(item, state, spec));
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(state.page, pages - 1);
  return { matching, page, pages, hits: matching.slice(page * pageSize, (page + 1) * pageSize) };
}

/** The distinct values of one facet among the items, in first-seen order, with counts. */
export function facetCounts<T>(items: T[], facet: FacetSpec<T>): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) {
    for (const value of facet.values(item)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts];
}
