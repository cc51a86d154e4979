import { useEffect, useRef, useState } from 'react';
import type { SearchProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CarGrid, type GridCell } from '../components/car-grid';
import { Layout } from '../components/layout';
import { Pagination } from '../components/pagination';
import { EmptyState } from '../features/search/empty-state';
import { FilterChips } from '../features/search/filter-chips';
import { filterChips, relaxedHint, searchHeading } from '../features/search/understood';
import { FacetSidebar } from '../features/search/facet-sidebar';
import { FilterDrawer } from '../features/search/filter-drawer';
import { PromoCard } from '../features/search/promo-card';
import { collapseSold, insertPromos, localDay, searchCarTypes } from '../features/search/results';
import { SearchBox } from '../features/search/search-box';
import {
  emptyState,
  serializeSearchState,
  setPage,
  setQuery,
  setSort,
  type SearchState,
} from '../features/search/search-state';
import { useSearch } from '../features/search/use-search';
import '../features/search/search.css';

/** Filters applied, for the drawer's opener. */
function activeFilters(state: SearchState): number {
  return (
    Object.values(state.refinements).reduce((n, values) => n + values.length, 0) +
    Object.keys(state.ranges).length +
    Object.keys(state.menu).length +
    (state.near ? 1 : 0)
  );
}

/** A search landing page: the server-rendered first page, then live results from the
 *  URL state. The grid collapses sold runs and places the promo cards of the day (the
 *  build day until hydrated, so the markup matches); on small screens the filters open
 *  in a drawer. */
export function SearchPage({ site, page }: SearchProps) {
  const { state, answer, status, update } = useSearch(page);
  const [today, setToday] = useState(page.today);
  useEffect(() => setToday(localDay()), []);
  const [carousel, setCarousel] = useState(false);
  const results = useRef<HTMLElement>(null);
  // Another page starts at the results' top (the shopper clicked at the bottom of the
  // last one), with the focus on its heading for keyboard and screen reader users.
  const onPage = (n: number) => {
    update(setPage(state, n));
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.querySelector<HTMLElement>('#results-heading')?.focus({ preventScroll: true });
  };

  const hits = collapseSold(answer.hits);
  const cells: GridCell[] = insertPromos(
    hits,
    page.promos,
    today,
    searchCarTypes(state, page.car_types),
  ).map((cell) =>
    cell.kind === 'result'
      ? { car: cell.item }
      : { key: `promo-${cell.index}`, node: <PromoCard promo={cell.promo} /> },
  );
  const statusText =
    status === 'loading'
      ? 'Loading results…'
      : status === 'error'
        ? 'The results could not be updated. The previous results are shown.'
        : `${answer.count} ${answer.count === 1 ? page.vehicle_words.one : page.vehicle_words.many} found`;
  const chips = filterChips(state, page, answer.facets);
  const relaxed =
    hits.length === 0 && answer.relaxed ? relaxedHint(state, page, answer.relaxed) : null;
  const suggested =
    hits.length === 0 && answer.suggestion
      ? {
          ...answer.suggestion,
          state: setQuery(state, answer.suggestion.query),
        }
      : null;
  const hrefOf = (next: SearchState) => {
    const query = serializeSearchState(next);
    return query ? `${page.route}?${query}` : page.route;
  };
  const sidebar = (idPrefix: string, titled: boolean) => (
    <FacetSidebar
      page={page}
      answer={answer}
      state={state}
      idPrefix={idPrefix}
      titled={titled}
      onChange={update}
    />
  );

  return (
    <Layout site={site}>
      {page.breadcrumbs.length > 0 ? <Breadcrumbs crumbs={page.breadcrumbs} /> : null}
      <h1>{searchHeading(state, page, answer.facets)}</h1>
      <SearchBox
        query={state.query}
        delayMs={page.limits.search_box_debounce_ms}
        onQuery={(query) => update(setQuery(state, query))}
      />
      <div className="search-layout">
        <aside className="search-layout__aside" aria-label="Filters">
          {sidebar('side', true)}
        </aside>
        <section
          ref={results}
          className="search-results"
          aria-labelledby="results-heading"
          aria-busy={status === 'loading'}
        >
          <div className="search-results__bar">
            {/* The live region holds the heading (a status may not sit inside a heading,
                and a heading may not carry role=status), so the count is both. */}
            <div className="search-results__count" role="status" aria-live="polite">
              <h2 id="results-heading" tabIndex={-1}>
                {statusText}
              </h2>
            </div>
            <FilterDrawer
              active={activeFilters(state)}
              count={answer.count}
              words={page.vehicle_words}
            >
              {sidebar('drawer', false)}
            </FilterDrawer>
            {page.carousel ? (
              <div className="search-results__view" role="group" aria-label="View">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-pressed={!carousel}
                  onClick={() => setCarousel(false)}
                >
                  Grid
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-pressed={carousel}
                  onClick={() => setCarousel(true)}
                >
                  Carousel
                </button>
              </div>
            ) : null}
            {page.sort_options.length > 0 ? (
              <label className="search-results__sort">
                Sort by
                <select
                  value={state.sortBy || page.sort_by}
                  onChange={(event) => update(setSort(state, event.target.value))}
                >
                  {page.sort_options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <FilterChips chips={chips} onChange={update} />
          {relaxed ? (
            <section className="relaxed-hint" aria-label="Nearest results">
              <p>{relaxed.text}</p>
              <a
                href={hrefOf(relaxed.without)}
                onClick={(event) => {
                  event.preventDefault();
                  update(relaxed.without);
                }}
              >
                {relaxed.link}
              </a>
            </section>
          ) : hits.length === 0 && suggested ? (
            <section className="relaxed-hint" aria-label="Nearest results">
              <p>
                No {page.vehicle_words.many} match “{state.query.trim()}”. Did you mean{' '}
                <a
                  href={hrefOf(suggested.state)}
                  onClick={(event) => {
                    event.preventDefault();
                    update(suggested.state);
                  }}
                >
                  {suggested.query}
                </a>
                ? ({suggested.count}{' '}
                {suggested.count === 1 ? page.vehicle_words.one : page.vehicle_words.many})
              </p>
            </section>
          ) : hits.length === 0 ? (
            <EmptyState onClear={() => update(emptyState())} />
          ) : (
            <CarGrid cells={cells} label="Search results" carousel={carousel} priorityFirst />
          )}
          <Pagination
            page={answer.page}
            pages={answer.pages}
            onPage={onPage}
            hrefOf={(n) => {
              const query = serializeSearchState(setPage(state, n));
              return query ? `${page.route}?${query}` : page.route;
            }}
          />
        </section>
      </div>
    </Layout>
  );
}
