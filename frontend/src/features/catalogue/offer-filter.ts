// The special offers list (seed 000 s2, s7, s9): filters on categories and price, a query,
// make, model and body, pages of 21, all in the URL like the stock search.
import type { OfferView } from '../../types/generated/OfferView';
import type { CatalogueSpec } from './catalogue-filter';

const one = (value: string | null) => (value ? [value] : []);

/** How the offers list is searched. */
export const OFFER_SPEC: CatalogueSpec<OfferView> = {
  facets: [
    { name: 'categories', label: 'Category', values: (o) => o.categories },
    { name: 'make', label: 'Make', values: (o) => one(o.make) },
    { name: 'model', label: 'Model', values: (o) => one(o.model) },
    { name: 'body', label: 'Body', values: (o) => one(o.body) },
  ],
  text: (o) => [o.title, o.description, o.make, o.model, o.body, ...o.categories],
  price: (o) => o.price,
};
