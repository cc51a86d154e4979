import type { ModelsProps } from '../app/props';
import { Layout } from '../components/layout';
import { Pagination } from '../components/pagination';
import {
  CatalogueControls,
  ResultCount,
  useCatalogueState,
} from '../features/catalogue/catalogue-controls';
import { ModelCards } from '../features/catalogue/model-cards';
import { CATALOGUE_PAGE_SIZE, MODEL_SPEC } from '../features/catalogue/model-filter';
import { EmptyState } from '../features/search/empty-state';
import '../features/catalogue/catalogue.css';
import '../features/search/search.css';

/** The list of model pages (/models) with the manufacturer and model catalogue search
 *  (manufacturer, model and body, 21 a page, in the URL). */
export function ModelsPage({ site, page }: ModelsProps) {
  const catalogue = useCatalogueState();
  const {
    matching,
    page: current,
    pages,
    hits,
  } = catalogue.page(page.models, MODEL_SPEC, CATALOGUE_PAGE_SIZE);
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <div className="search-layout">
        <CatalogueControls
          label="Filter models"
          queryLabel="Search models"
          items={page.models}
          spec={MODEL_SPEC}
          catalogue={catalogue}
        />
        <section className="search-results" aria-labelledby="models-count">
          <ResultCount id="models-count" count={matching.length} one="model" many="models" />
          {hits.length === 0 ? (
            <EmptyState onClear={catalogue.clear} />
          ) : (
            <ModelCards models={hits} headingLevel={3} />
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
