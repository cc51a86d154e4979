import type { PartsSearchProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Layout } from '../components/layout';
import { Pagination } from '../components/pagination';
import { ResultCount } from '../features/catalogue/catalogue-controls';
import { PartCards } from '../features/parts/part-cards';
import { PartsControls } from '../features/parts/parts-controls';
import { knownFilters, partsPage } from '../features/parts/parts-filter';
import { usePartsSearch } from '../features/parts/use-parts-search';
import { EmptyState } from '../features/search/empty-state';
import '../features/parts/parts.css';
import '../features/search/search.css';

const COUNT_ID = 'parts-count';

/** The parts and accessories catalogue (/parts/search): the first page of parts rendered
 *  on the server, then a search box and category and make selects that filter in place,
 *  24 parts a page, with the search in the URL. Each part links to the parts order form
 *  with the part filled in. */
export function PartsSearchPage({ site, page }: PartsSearchProps) {
  const search = usePartsSearch();
  const state = knownFilters(search.state, page.categories, page.makes);
  const { matching, page: current, pages, hits } = partsPage(page.parts, state, page.page_size);
  const onPage = (n: number) => {
    search.setPage(n);
    document.getElementById(COUNT_ID)?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <h1>{page.title}</h1>
      <p>{page.intro}</p>
      <div className="search-layout">
        <PartsControls
          categories={page.categories}
          makes={page.makes}
          state={state}
          queryText={search.queryText}
          onQuery={search.onQuery}
          onSubmit={search.submitQuery}
          onFilter={search.setFilter}
        />
        <section className="search-results" aria-labelledby={COUNT_ID}>
          <ResultCount id={COUNT_ID} count={matching.length} one="part" many="parts" />
          {hits.length === 0 ? (
            <EmptyState onClear={search.clear} />
          ) : (
            <PartCards parts={hits} headingLevel={3} />
          )}
          <Pagination page={current} pages={pages} onPage={onPage} />
        </section>
      </div>
      {page.order_form_url ? (
        <p className="parts-help">
          Can&apos;t find what you need? <a href={page.order_form_url}>Order by part number</a> and
          our parts team will track it down for you.
        </p>
      ) : null}
    </Layout>
  );
}
