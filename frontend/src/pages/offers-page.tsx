import type { OffersProps } from '../app/props';
import { Layout } from '../components/layout';
import { Pagination } from '../components/pagination';
import {
  CatalogueControls,
  ResultCount,
  useCatalogueState,
} from '../features/catalogue/catalogue-controls';
import { OfferCards } from '../features/catalogue/offer-cards';
import { OFFER_SPEC } from '../features/catalogue/offer-filter';
import { EmptyState } from '../features/search/empty-state';
import '../features/catalogue/catalogue.css';
import '../features/search/search.css';

/** The special offers list: filters, query and pages in the URL, computed in the browser. */
export function OffersPage({ site, page }: OffersProps) {
  const catalogue = useCatalogueState();
  const {
    matching,
    page: current,
    pages,
    hits,
  } = catalogue.page(page.offers, OFFER_SPEC, page.page_size);
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <div className="search-layout">
        <CatalogueControls
          label="Filter offers"
          queryLabel="Search offers"
          items={page.offers}
          spec={OFFER_SPEC}
          priceBounds={
            page.price_min !== null ? { min: page.price_min, max: page.price_max } : null
          }
          catalogue={catalogue}
        />
        <section className="search-results" aria-labelledby="offers-count">
          <ResultCount id="offers-count" count={matching.length} one="offer" many="offers" />
          {hits.length === 0 ? (
            <EmptyState onClear={catalogue.clear} offersUrl={null} />
          ) : (
            <OfferCards offers={hits} headingLevel={3} label="Special offers" />
          )}
          <Pagination
            page={current}
            pages={pages}
            onPage={(n) => catalogue.update({ ...catalogue.state, page: n })}
          />
        </section>
      </div>
    </Layout>
  );
}
