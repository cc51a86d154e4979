import { describe, expect, it } from 'vitest';
import type { CarType } from '../../types/generated/CarType';
import type { PromoNode } from '../../types/generated/PromoNode';
import {
  collapseSold,
  collapseSoldRuns,
  insertPromos,
  localDay,
  promoVisible,
  searchCarTypes,
} from './results';
import { parseSearchState } from './search-state';
import { caseTable } from '../../testing/case-table';

// The tables the Rust tests read too (domain/tests/rules_search.rs).

type RawPromo = Omit<PromoNode, 'display' | 'strictDisplay'> & {
  display?: CarType[];
  strictDisplay?: boolean;
};
// serde's defaults: no display types, not strict, the We Want Your Car link.
const promo = (raw: RawPromo): PromoNode => ({ display: [], strictDisplay: false, ...raw });

const collapse: { cases: { name: string; available: boolean[]; shown: number[] }[] } =
  caseTable('collapse_cases.json');
const promos: {
  visibility: {
    name: string;
    promo: RawPromo;
    today: string;
    search_types: CarType[];
    visible: boolean;
  }[];
  insertion: {
    name: string;
    results: number;
    promos: RawPromo[];
    today: string;
    search_types: CarType[];
    cells: string[];
  }[];
} = caseTable('promo_cases.json');

describe('collapseSoldRuns (shared table with domain::rules::availability::collapse_sold_runs)', () => {
  it.each(collapse.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(collapseSoldRuns(c.available)).toEqual(c.shown);
  });

  it('keeps the items in order', () => {
    const items = [
      { id: 1, available: true },
      { id: 2, available: false },
      { id: 3, available: false },
    ];
    expect(collapseSold(items).map((i) => i.id)).toEqual([1, 2]);
  });
});

describe('promos (domain/tests/data/promo_cases.json)', () => {
  it.each(promos.visibility.map((c) => [c.name, c] as const))('visible: %s', (_name, c) => {
    expect(promoVisible(promo(c.promo), c.today, c.search_types)).toBe(c.visible);
  });

  it.each(promos.insertion.map((c) => [c.name, c] as const))('insert: %s', (_name, c) => {
    const results = Array.from({ length: c.results }, (_, i) => i);
    const cells = insertPromos(results, c.promos.map(promo), c.today, c.search_types).map((cell) =>
      cell.kind === 'result' ? `result ${cell.item}` : `promo ${cell.index}`,
    );
    expect(cells).toEqual(c.cells);
  });

  it("restricts promos to the shopper's car type refinement, else the route's types", () => {
    expect(searchCarTypes(parseSearchState('?refinementList[car_type][0]=demo'), ['used'])).toEqual(
      ['demo'],
    );
    expect(searchCarTypes(parseSearchState(''), ['new', 'demo'])).toEqual(['new', 'demo']);
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
