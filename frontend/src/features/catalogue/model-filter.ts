// The manufacturer and model catalogue search (seed 000 s7: filters manufacturer.name,
// model.name and model.body, 21 per page) over the dealer's model pages.
import { PAGE_SIZE } from '../../types/generated/constants';
import type { ModelCardView } from '../../types/generated/ModelCardView';
import type { CatalogueSpec } from './catalogue-filter';

/** Seed 000 s9: catalogue pages hold the seed's page size (21). */
export const CATALOGUE_PAGE_SIZE = PAGE_SIZE;

/** How the models list is searched. */
export const MODEL_SPEC: CatalogueSpec<ModelCardView> = {
  facets: [
    { name: 'make', label: 'Manufacturer', values: (m) => (m.make ? [m.make] : []) },
    { name: 'model', label: 'Model', values: (m) => (m.model ? [m.model] : []) },
    { name: 'body', label: 'Body', values: (m) => m.bodies },
  ],
  text: (m) => [m.title, m.make, m.model, m.short_description, ...m.bodies],
};
