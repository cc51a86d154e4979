// The special offers list (seed 000 s2, s7, s9): filters on categories and price, a query,
// make, model and body, pages of 21, all in the URL like the stock search.
import type { OfferView } from '../../types/generated/OfferView';
import type { SearchState } from '../search/search-state';

/** The facets of the offers list, each a refinementList[...] parameter. */
export const OFFER_FACETS = ['categories', 'make', 'model', 'body'] as const;

function facetValues(offer: OfferView, facet: (typeof OFFER_FACETS)[number]): string[] {
  if (facet === 'categories') return offer.categories;
  const value = offer[facet];
  return value ? [value] : [];
}

/** Whether an offer passes the state's filters and query. */
export function matchesOffer(offer: OfferView, state: SearchState): boolean {
  for (const facet of OFFER_FACETS) {
    const chosen = state.refinements[facet] ?? [];
    if (chosen.length > 0 && !facetValues(offer, facet).some((v) => chosen.includes(v))) return false;
  }
  const price = state.ranges.price;
  if (price && (price.min !== null || price.max !== null)) {
    if (offer.price === null) return false;
    if (price.min !== null && offer.price < price.min) return false;
    if (price.max !== null && offer.price > price.max) return false;
  }
  const words = state.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const text = [offer.title, offer.description, offer.make, offer.model, offer.body, ...offer.categories]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    if (!words.every((w) => text.includes(w))) return false;
  }
  return true;
}

/** The matching offers, the page shown (clamped to the last page) and the page count. */
export function offersPage(offers: OfferView[], state: SearchState, pageSize: number) {
  const matching = offers.filter((o) => matchesOffer(o, state));
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(state.page, pages - 1);
  return { matching, page, pages, hits: matching.slice(page * pageSize, (page + 1) * pageSize) };
}

/** The distinct values of one facet among the offers, in first-seen order, with counts. */
export function facetCounts(offers: OfferView[], facet: (typeof OFFER_FACETS)[number]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const offer of offers) {
    for (const value of facetValues(offer, facet)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts];
}
