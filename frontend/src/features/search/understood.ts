// What the search endpoint read from the shopper's text ("hybrid under 30k" is the text
// "hybrid" and a price up to $30,000), put back into the URL state so the sidebar, the
// chips and the URL show the filters the results were searched with; the chips of the
// applied filters; and the heading, which follows the filters the shopper picked.
import type { components } from '../../types/generated/api/schema';
import type { FacetItemView } from '../../types/generated/FacetItemView';
import type { RangeUnit } from '../../types/generated/RangeUnit';
import type { SearchPageView } from '../../types/generated/SearchPageView';
import { setNear, setQuery, setRange, setRefinement, type SearchState } from './search-state';
import { formatRangeValue } from './format';

export type UnderstoodQuery = components['schemas']['UnderstoodQuery'];
export type RelaxedRange = components['schemas']['RelaxedRange'];
type Bounds = { min: number | null; max: number | null };

/** The state the endpoint searched: the leftover words as the text, the understood
 *  ranges and refinements in place of the URL's own of those fields. */
export function applyUnderstood(state: SearchState, understood: UnderstoodQuery): SearchState {
  const ranges = { ...state.ranges };
  for (const [field, bounds] of Object.entries(understood.ranges)) {
    ranges[field] = { min: bounds.min ?? null, max: bounds.max ?? null };
  }
  const refinements = { ...state.refinements };
  for (const [facet, values] of Object.entries(understood.refinements)) {
    refinements[facet] = [...values];
  }
  return { ...state, query: understood.query, ranges, refinements };
}

const DEFAULT_UNITS: Record<string, RangeUnit> = { price: 'dollars', km: 'km' };
const DEFAULT_LABELS: Record<string, string> = { price: 'Price', km: 'Odometer', year: 'Year' };

function rangeUnit(page: SearchPageView, field: string): RangeUnit {
  return page.ranges.find((r) => r.facet === field)?.unit ?? DEFAULT_UNITS[field] ?? 'plain';
}

function rangeLabel(page: SearchPageView, field: string): string {
  return page.ranges.find((r) => r.facet === field)?.label ?? DEFAULT_LABELS[field] ?? field;
}

/** A range in words: "Price $10,000 to $30,000", "Price up to $30,000", "Year 2019 or
 *  newer". */
export function rangeText(page: SearchPageView, field: string, { min, max }: Bounds): string {
  const unit = rangeUnit(page, field);
  const label = rangeLabel(page, field);
  const value = (v: number) => formatRangeValue(unit, v);
  if (min !== null && max !== null)
    return min === max ? `${label} ${value(min)}` : `${label} ${value(min)} to ${value(max)}`;
  if (max !== null)
    return field === 'year' ? `${label} ${value(max)} or older` : `${label} up to ${value(max)}`;
  if (min !== null)
    return field === 'year' ? `${label} ${value(min)} or newer` : `${label} from ${value(min)}`;
  return label;
}

/** One applied filter the shopper can remove. */
export interface Chip {
  key: string;
  /** What it filters, in words ("Make: Toyota", "Price up to $30,000"). */
  label: string;
  /** The state without it. */
  without: SearchState;
}

function itemLabel(
  facets: Record<string, FacetItemView[]>,
  page: SearchPageView,
  facet: string,
  value: string,
): string {
  const items = facets[facet] ?? page.facets.find((f) => f.facet === facet)?.items ?? [];
  return items.find((i) => i.value === value)?.label ?? value;
}

function facetLabel(page: SearchPageView, facet: string): string {
  return (
    page.facets.find((f) => f.facet === facet)?.label ??
    facet.charAt(0).toUpperCase() + facet.slice(1).replace(/_/g, ' ')
  );
}

/** The filters of the state as chips: the text, each facet value, each range, the
 *  distance. The route's fixed filters are the page itself, not chips. */
export function filterChips(
  state: SearchState,
  page: SearchPageView,
  facets: Record<string, FacetItemView[]>,
): Chip[] {
  const chips: Chip[] = [];
  if (state.query.trim() !== '')
    chips.push({
      key: 'query',
      label: `“${state.query.trim()}”`,
      without: setQuery(state, ''),
    });
  for (const facet of Object.keys(state.refinements).sort()) {
    for (const value of state.refinements[facet] ?? []) {
      chips.push({
        key: `refinement-${facet}-${value}`,
        label: `${facetLabel(page, facet)}: ${itemLabel(facets, page, facet, value)}`,
        without: setRefinement(
          state,
          facet,
          (state.refinements[facet] ?? []).filter((v) => v !== value),
        ),
      });
    }
  }
  for (const field of Object.keys(state.ranges).sort()) {
    const bounds = state.ranges[field];
    if (!bounds || (bounds.min === null && bounds.max === null)) continue;
    chips.push({
      key: `range-${field}`,
      label: rangeText(page, field, bounds),
      without: setRange(state, field, null, null),
    });
  }
  if (state.near)
    chips.push({
      key: 'near',
      label: `Within ${state.near.radius} km${state.near.postcode ? ` of ${state.near.postcode}` : ''}`,
      without: setNear(state, null),
    });
  return chips;
}

const HEADING_FACETS = ['car_type', 'make', 'model', 'fuel'] as const;

/** The heading of the applied filters ("Used Toyota RAV4 Hybrid for Sale"): the car
 *  type, make, model and fuel each picked once, by the route or the shopper, before the
 *  route's vehicle word when no make is named. The route's own title when the shopper
 *  picked none of them, or several values of one. */
export function searchHeading(
  state: SearchState,
  page: SearchPageView,
  facets: Record<string, FacetItemView[]>,
): string {
  const picked = HEADING_FACETS.filter(
    (facet) => (state.refinements[facet] ?? []).length > 0 || (state.menu[facet] ?? '') !== '',
  );
  if (picked.length === 0) return page.title;
  const words: string[] = [];
  let named = false;
  for (const facet of HEADING_FACETS) {
    const values = [
      ...(state.refinements[facet] ?? []),
      ...(state.menu[facet] ? [state.menu[facet]] : []),
      ...page.fixed_filters.filter((f) => f.facet === facet).map((f) => f.value),
    ].filter((v, i, all) => all.indexOf(v) === i);
    if (values.length > 1) return page.title;
    const value = values[0];
    if (value === undefined) continue;
    const label = itemLabel(facets, page, facet, value);
    if (facet === 'make' || facet === 'model') named = true;
    words.push(facet === 'car_type' ? label.charAt(0).toUpperCase() + label.slice(1) : label);
  }
  const noun = page.vehicle_words.many.charAt(0).toUpperCase() + page.vehicle_words.many.slice(1);
  // "Toyota RAV4 for Sale" names the vehicle; "Used Hybrid Cars for Sale" needs the noun.
  return `${words.join(' ')}${named ? '' : ` ${noun}`} for Sale`;
}

/** The nearest answer of an empty search that a range emptied ("No cars match “rav4”
 *  with price up to $20,000." and "See 4 cars from $24,990"), and the state without that
 *  range. */
export function relaxedHint(
  state: SearchState,
  page: SearchPageView,
  relaxed: RelaxedRange,
): { text: string; link: string; without: SearchState } {
  const unit = rangeUnit(page, relaxed.field);
  const words = relaxed.count === 1 ? page.vehicle_words.one : page.vehicle_words.many;
  const applied = rangeText(page, relaxed.field, {
    min: relaxed.applied.min ?? null,
    max: relaxed.applied.max ?? null,
  });
  const min = relaxed.min ?? null;
  const max = relaxed.max ?? null;
  const span =
    min === null
      ? ''
      : max === null || min === max
        ? ` at ${formatRangeValue(unit, min)}`
        : ` from ${formatRangeValue(unit, min)}`;
  const many = page.vehicle_words.many;
  const query = state.query.trim();
  const lowered = applied.charAt(0).toLowerCase() + applied.slice(1);
  return {
    text: `No ${many}${query ? ` match “${query}”` : ''} with ${lowered}.`,
    link: `See ${relaxed.count} ${words}${span}`,
    without: setRange(state, relaxed.field, null, null),
  };
}
