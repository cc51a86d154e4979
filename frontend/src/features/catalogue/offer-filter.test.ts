import { describe, expect, it } from 'vitest';
import type { OfferView } from '../../types/generated/OfferView';
import { parseSearchState } from '../search/search-state';
import { cataloguePage, facetCounts } from './catalogue-filter';
import { OFFER_SPEC } from './offer-filter';

const offersPage = (items: OfferView[], state: ReturnType<typeof parseSearchState>, size: number) =>
  cataloguePage(items, state, OFFER_SPEC, size);
const facet = (name: string) =>
  OFFER_SPEC.facets.find((f) => f.name === name) ?? OFFER_SPEC.facets[0]!;

const offer = (
  id: number,
  price: number | null,
  categories: string[],
  make: string | null,
  title = `Offer ${id}`,
): OfferView => ({
  id,
  title,
  mentions_rate: false,
  url: `/offers/${id}`,
  image: { url: '/media/o.svg', alt: title },
  price,
  price_text: null,
  categories,
  make,
  model: null,
  body: null,
  description: '',
  expiry_text: null,
});

const offers = [
  offer(1, 39990, ['New Car Offers', 'SUV'], 'Omoda', 'Omoda 5 BX drive away'),
  offer(2, 45990, ['New Car Offers'], 'Chery', 'Tiggo 7 Pro Urban'),
  offer(3, null, ['Service'], null, 'Free wiper blades'),
  ...Array.from({ length: 22 }, (_, i) => offer(10 + i, 20000 + i, ['Used'], 'Toyota')),
];

describe('special offers list', () => {
  it('filters on categories, price, make and the query together', () => {
    const suv = offersPage(offers, parseSearchState('?refinementList[categories][0]=SUV'), 21);
    expect(suv.matching.map((o) => o.id)).toEqual([1]);
    const price = offersPage(offers, parseSearchState('?range[price]=40000:50000'), 21);
    expect(price.matching.map((o) => o.id)).toEqual([2]);
    const query = offersPage(offers, parseSearchState('?query=tiggo%20urban'), 21);
    expect(query.matching.map((o) => o.id)).toEqual([2]);
    const none = offersPage(
      offers,
      parseSearchState('?refinementList[make][0]=Chery&query=omoda'),
      21,
    );
    expect(none.matching).toEqual([]);
    expect(none.hits).toEqual([]);
  });

  it('pages 21 at a time and clamps a page past the end', () => {
    const first = offersPage(offers, parseSearchState(''), 21);
    expect(first.hits).toHaveLength(21);
    expect(first.pages).toBe(2);
    const past = offersPage(offers, parseSearchState('?page=9'), 21);
    expect(past.page).toBe(1);
    expect(past.hits.map((o) => o.id)).toEqual([28, 29, 30, 31]);
  });

  it('counts facet values in first-seen order', () => {
    expect(facetCounts(offers.slice(0, 3), facet('categories'))).toEqual([
      ['New Car Offers', 2],
      ['SUV', 1],
      ['Service', 1],
    ]);
  });
});
