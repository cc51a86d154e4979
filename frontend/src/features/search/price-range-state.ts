// The price-range slider of seed 001 (s4: "the low value can never reach the high value
// and vice versa"; s9: "Price slider defaults min 5000, max 250000, step 500"), as the
// browser moves its thumbs. Mirrors domain/src/rules/slider.rs price_range_set_low /
// price_range_set_high, tested on the same table (domain/tests/data/price_range_cases.json).
import { emptyState, serializeSearchState } from './search-state';
import { PRICE_RANGE_STEP } from '../../types/generated/constants';
import type { PriceSliderView } from '../../types/generated/PriceSliderView';

const snap = (value: number) => Math.round(value / PRICE_RANGE_STEP) * PRICE_RANGE_STEP;

/** The new low value: on the step, at least `min` and a step below `high`; where the range
 *  is too narrow to move, the low value stays. */
export function priceRangeSetLow(low: number, high: number, min: number, newLow: number): number {
  const upper = high - PRICE_RANGE_STEP;
  if (upper < min) return low;
  return Math.min(Math.max(snap(newLow), min), upper);
}

/** The new high value: on the step, at most `max` and a step above `low`. */
export function priceRangeSetHigh(low: number, high: number, max: number, newHigh: number): number {
  const lower = low + PRICE_RANGE_STEP;
  if (lower > max) return high;
  return Math.min(Math.max(snap(newHigh), lower), max);
}

/** The search the slider's button opens: the price range, highest price first (seed 001
 *  s2), in the search page's URL state (seed 001 s7: range[price]=min:max). */
export function priceSearchHref(view: PriceSliderView, low: number, high: number): string {
  const state = {
    ...emptyState(),
    sortBy: view.sort_by,
    ranges: { price: { min: low, max: high } },
  };
  return `${view.search_path}?${serializeSearchState(state)}`;
}
