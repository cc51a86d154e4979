import { useEffect, useRef, useState } from 'react';
import type { OffersProps } from '../app/props';
import { Layout } from '../components/layout';
import { Pagination } from '../components/pagination';
import { OfferCards } from '../features/catalogue/offer-cards';
import { facetCounts, offersPage, OFFER_FACETS } from '../features/catalogue/offer-filter';
import { EmptyState } from '../features/search/empty-state';
import { emptyState, parseSearchState, serializeSearchState, setRange, toggleRefinement, type SearchState } from '../features/search/search-state';
import '../features/catalogue/catalogue.css';
import '../features/search/search.css';

/** Seed 000 s9: the search box writes the query after a 300 ms pause. */
const QUERY_DEBOUNCE_MS = 300;

const FACET_LABELS: Record<(typeof OFFER_FACETS)[number], string> = {
  categories: 'Category',
  make: 'Make',
  model: 'Model',
  body: 'Body',
};

function numberOrNull(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** The special offers list: filters, query and pages in the URL, computed in the browser. */
export function OffersPage({ site, page }: OffersProps) {
  const [state, setState] = useState<SearchState>(emptyState);
  const [queryText, setQueryText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const fromUrl = () => {
      const next = parseSearchState(window.location.search);
      setState(next);
      setQueryText(next.query);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const update = (next: SearchState) => {
    setState(next);
    const query = serializeSearchState(next);
    window.history.pushState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  };

  const onQuery = (text: string) => {
    setQueryText(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => update({ ...state, query: text.trim(), page: 0 }), QUERY_DEBOUNCE_MS);
  };

  const { matching, page: current, pages, hits } = offersPage(page.offers, state, page.page_size);
  const price = state.ranges.price ?? { min: null, max: null };

  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <div className="search-layout">
        <form className="offer-filters" aria-label="Filter offers" onSubmit={(e) => e.preventDefault()}>
          <label className="field">
            <span>Search offers</span>
            <input type="search" name="query" value={queryText} onChange={(e) => onQuery(e.target.value)} />
          </label>
          {OFFER_FACETS.map((facet) => {
            const values = facetCounts(page.offers, facet);
            if (values.length === 0) return null;
            return (
              <fieldset key={facet}>
                <legend>{FACET_LABELS[facet]}</legend>
                {values.map(([value, count]) => (
                  <label key={value} className="check">
                    <input
                      type="checkbox"
                      checked={(state.refinements[facet] ?? []).includes(value)}
                      onChange={() => update(toggleRefinement(state, facet, value))}
                    />
                    {value} ({count})
                  </label>
                ))}
              </fieldset>
            );
          })}
          {page.price_min !== null ? (
            <fieldset>
              <legend>Price</legend>
              <label className="field">
                <span>Minimum price</span>
                <input
                  inputMode="numeric"
                  name="price-min"
                  placeholder={String(page.price_min)}
                  defaultValue={price.min ?? ''}
                  key={`min-${price.min ?? ''}`}
                  onBlur={(e) => update(setRange(state, 'price', numberOrNull(e.target.value), price.max))}
                />
              </label>
              <label className="field">
                <span>Maximum price</span>
                <input
                  inputMode="numeric"
                  name="price-max"
                  placeholder={String(page.price_max ?? '')}
                  defaultValue={price.max ?? ''}
                  key={`max-${price.max ?? ''}`}
                  onBlur={(e) => update(setRange(state, 'price', price.min, numberOrNull(e.target.value)))}
                />
              </label>
            </fieldset>
          ) : null}
        </form>
        <section className="search-results" aria-labelledby="offers-count">
          <h2 id="offers-count" className="search-results__count" role="status" aria-live="polite">
            {matching.length} {matching.length === 1 ? 'offer' : 'offers'}
          </h2>
          {hits.length === 0 ? (
            <EmptyState
              onClear={() => {
                setQueryText('');
                update(emptyState());
              }}
            />
          ) : (
            <OfferCards offers={hits} headingLevel={3} label="Special offers" />
          )}
          <Pagination page={current} pages={pages} onPage={(n) => update({ ...state, page: n })} />
        </section>
      </div>
    </Layout>
  );
}
