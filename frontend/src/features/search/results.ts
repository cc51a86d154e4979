// What the results grid shows of an answer: sold runs collapsed (seed 000 s4) and promo
// cards at their positions (seed 000 s2/s4). collapseSoldRuns mirrors
// availability::collapse_sold_runs, both tested on domain/tests/data/collapse_cases.json;
// promoVisible and insertPromos run only here, tested on domain/tests/data/promo_cases.json.
import type { CarType } from '../../types/generated/CarType';
import type { PromoNode } from '../../types/generated/PromoNode';
import type { SearchState } from './search-state';

/** In lists a run of consecutive sold cars shows only its first car; when every car is
 *  sold, all are shown. Returns the indices to show, in order. */
export function collapseSoldRuns(available: boolean[]): number[] {
  if (available.every((a) => !a)) return available.map((_, i) => i);
  return available.flatMap((isAvailable, i) =>
    i > 0 && !isAvailable && !available[i - 1] ? [] : [i],
  );
}

/** The items of `items` that a list shows after collapsing sold runs. */
export function collapseSold<T extends { available: boolean }>(items: T[]): T[] {
  return collapseSoldRuns(items.map((i) => i.available)).map((i) => items[i] as T);
}

const sameTypes = (a: CarType[], b: CarType[]) => {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((t, i) => t === y[i]);
};

/** A promo shows from its start to its expiry day (both inclusive, dates as YYYY-MM-DD)
 *  and for its display car types: a strictDisplay promo only when the search is
 *  restricted to exactly its types, another when the search is unrestricted or shares a
 *  type with it; a promo without display types shows on every search. */
export function promoVisible(promo: PromoNode, today: string, searchTypes: CarType[]): boolean {
  if ((promo.start && today < promo.start) || (promo.expiry && today > promo.expiry)) return false;
  if (promo.display.length === 0) return true;
  if (promo.strictDisplay) return sameTypes(promo.display, searchTypes);
  return searchTypes.length === 0 || searchTypes.some((t) => promo.display.includes(t));
}

/** One cell of the results grid. */
type ResultCell<T> =
  { kind: 'result'; item: T } | { kind: 'promo'; promo: PromoNode; index: number };

/** Inserts the visible promos at their zero-based positions, in position order (a
 *  position counts the cells before it, promos included); a position past the end puts
 *  the promo last; promos sharing a position keep their configured order. `index` is the
 *  promo's place in `promos`. */
export function insertPromos<T>(
  results: T[],
  promos: PromoNode[],
  today: string,
  searchTypes: CarType[],
): ResultCell<T>[] {
  const cells: ResultCell<T>[] = results.map((item) => ({ kind: 'result', item }));
  const visible = promos
    .map((promo, index) => ({ promo, index }))
    .filter(({ promo }) => promoVisible(promo, today, searchTypes))
    // Array.prototype.sort is stable, so equal positions keep their configured order.
    .sort((a, b) => a.promo.position - b.promo.position);
  let last: number | null = null;
  for (const { promo, index } of visible) {
    const at = Math.min(
      last === null ? promo.position : Math.max(promo.position, last + 1),
      cells.length,
    );
    cells.splice(at, 0, { kind: 'promo', promo, index });
    last = at;
  }
  return cells;
}

/** The car types a search is restricted to: the shopper's car type refinement, else the
 *  route's own types (none: every type). */
export function searchCarTypes(state: SearchState, routeTypes: CarType[]): CarType[] {
  const picked = (state.refinements.car_type ?? []).filter(
    (t): t is CarType => t === 'new' || t === 'demo' || t === 'used',
  );
  return picked.length > 0 ? picked : routeTypes;
}

/** Today in the shopper's time zone, as YYYY-MM-DD. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
