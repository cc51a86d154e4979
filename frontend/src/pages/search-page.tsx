import type { SearchProps } from '../app/props';
import { CarGrid } from '../components/car-grid';
import { Layout } from '../components/layout';
import { Pagination } from '../components/pagination';
import { EmptyState } from '../features/search/empty-state';
import { FacetSidebar } from '../features/search/facet-sidebar';
import { emptyState, setRange, toggleRefinement } from '../features/search/search-state';
import { useSearch } from '../features/search/use-search';
import '../features/search/search.css';

/** A search landing page: server-rendered first page, then live results from the URL state. */
export function SearchPage({ site, page }: SearchProps) {
  const { state, answer, status, update } = useSearch(page);
  const currentPage = answer.page;
  const statusText =
    status === 'loading'
      ? 'Loading results…'
      : status === 'error'
        ? 'The results could not be updated. The previous results are shown.'
        : `${answer.count} ${answer.count === 1 ? 'car' : 'cars'} found`;
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <div className="search-layout">
        <FacetSidebar
          facets={page.facets}
          ranges={page.ranges}
          liveItems={answer.facets}
          state={state}
          onToggle={(facet, value) => update(toggleRefinement(state, facet, value))}
          onRange={(field, min, max) => update(setRange(state, field, min, max))}
        />
        <section className="search-results" aria-labelledby="results-heading" aria-busy={status === 'loading'}>
          <div className="search-results__bar">
            <h2 id="results-heading" className="search-results__count" role="status" aria-live="polite">
              {statusText}
            </h2>
            {page.sort_options.length > 0 ? (
              <label className="search-results__sort">
                Sort by
                <select
                  value={state.sortBy || page.sort_by}
                  onChange={(event) => update({ ...state, sortBy: event.target.value, page: 0 })}
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
          {answer.hits.length === 0 ? (
            <EmptyState onClear={() => update(emptyState())} />
          ) : (
            <CarGrid cars={answer.hits} label="Search results" />
          )}
          <Pagination page={currentPage} pages={answer.pages} onPage={(n) => update({ ...state, page: n })} />
        </section>
      </div>
    </Layout>
  );
}
