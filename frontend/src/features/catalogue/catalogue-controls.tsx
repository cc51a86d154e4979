import { useEffect, useRef, useState } from 'react';
import { useUrlState } from '../search/use-url-state';
import { FifoCache } from '../../lib/fifo-cache';
import { OFFERS_CACHE_SIZE, SEARCH_BOX_DEBOUNCE_MS } from '../../types/generated/constants';
import {
  emptyState,
  parseSearchState,
  serializeSearchState,
  setRange,
  toggleRefinement,
  type SearchState,
} from '../search/search-state';
import { cataloguePage, facetCounts, type CatalogueSpec } from './catalogue-filter';

type Page<T> = ReturnType<typeof cataloguePage<T>>;

/** A catalogue's search state, read from the URL after hydration and on back/forward,
 *  written to it on every change; the query box text is debounced into it (seed 000 s2:
 *  "The directory search box writes the query parameter after a 300 ms pause"). `page`
 *  answers from a cache of the last 10 states (seed 000 s9: "offers and catalogue caches
 *  hold 10"; the oldest dropped when full). */
export function useCatalogueState() {
  const [queryText, setQueryText] = useState('');
  const [state, update] = useUrlState<SearchState>(
    emptyState,
    parseSearchState,
    serializeSearchState,
    (next) => setQueryText(next.query),
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The state the pending query joins: a filter picked during the pause is kept.
  const latest = useRef(state);
  latest.current = state;
  const cache = useRef(new FifoCache<Page<unknown>>(OFFERS_CACHE_SIZE));

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onQuery = (text: string) => {
    setQueryText(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () => update({ ...latest.current, query: text.trim(), page: 0 }),
      SEARCH_BOX_DEBOUNCE_MS,
    );
  };

  const clear = () => {
    setQueryText('');
    update(emptyState());
  };

  /** The page of `items` the state shows, from the cache when this state was shown lately. */
  const page = <T,>(items: T[], spec: CatalogueSpec<T>, pageSize: number): Page<T> => {
    const key = serializeSearchState(state);
    const hit = cache.current.get(key) as Page<T> | undefined;
    if (hit) return hit;
    const computed = cataloguePage(items, state, spec, pageSize);
    cache.current.set(key, computed as Page<unknown>);
    return computed;
  };

  return { state, queryText, update, onQuery, clear, page, cache: cache.current };
}

function numberOrNull(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

interface ControlsProps<T> {
  /** The form's accessible name, e.g. "Filter offers". */
  label: string;
  /** The query box's label, e.g. "Search offers". */
  queryLabel: string;
  items: T[];
  spec: CatalogueSpec<T>;
  /** The price range's bounds, when the catalogue has prices. */
  priceBounds?: { min: number; max: number | null } | null;
  catalogue: ReturnType<typeof useCatalogueState>;
}

/** The filters of a catalogue: the query, a checkbox group per facet with counts, and the
 *  price range where the catalogue has prices. */
export function CatalogueControls<T>({
  label,
  queryLabel,
  items,
  spec,
  priceBounds,
  catalogue,
}: ControlsProps<T>) {
  const { state, queryText, update, onQuery } = catalogue;
  const price = state.ranges.price ?? { min: null, max: null };
  return (
    <form className="offer-filters" aria-label={label} onSubmit={(e) => e.preventDefault()}>
      <label className="field">
        <span>{queryLabel}</span>
        <input
          type="search"
          name="query"
          value={queryText}
          onChange={(e) => onQuery(e.target.value)}
        />
      </label>
      {spec.facets.map((facet) => {
        const values = facetCounts(items, facet);
        if (values.length === 0) return null;
        return (
          <fieldset key={facet.name}>
            <legend>{facet.label}</legend>
            {values.map(([value, count]) => (
              <label key={value} className="check">
                <input
                  type="checkbox"
                  checked={(state.refinements[facet.name] ?? []).includes(value)}
                  onChange={() => update(toggleRefinement(state, facet.name, value))}
                />
                {value} ({count})
              </label>
            ))}
          </fieldset>
        );
      })}
      {priceBounds ? (
        <fieldset>
          <legend>Price</legend>
          <label className="field">
            <span>Minimum price</span>
            <input
              inputMode="numeric"
              name="price-min"
              placeholder={String(priceBounds.min)}
              defaultValue={price.min ?? ''}
              key={`min-${price.min ?? ''}`}
              onBlur={(e) =>
                update(setRange(state, 'price', numberOrNull(e.target.value), price.max))
              }
            />
          </label>
          <label className="field">
            <span>Maximum price</span>
            <input
              inputMode="numeric"
              name="price-max"
              placeholder={String(priceBounds.max ?? '')}
              defaultValue={price.max ?? ''}
              key={`max-${price.max ?? ''}`}
              onBlur={(e) =>
                update(setRange(state, 'price', price.min, numberOrNull(e.target.value)))
              }
            />
          </label>
        </fieldset>
      ) : null}
    </form>
  );
}

/** The count line of a catalogue's results, announced politely as it changes. */
export function ResultCount({
  id,
  count,
  one,
  many,
}: {
  id: string;
  count: number;
  one: string;
  many: string;
}) {
  return (
    // The live region holds the heading: a status may not sit inside a heading (HTML) and
    // a heading may not carry role=status (ARIA).
    <div className="search-results__count" role="status" aria-live="polite">
      <h2 id={id}>
        {count} {count === 1 ? one : many}
      </h2>
    </div>
  );
}
