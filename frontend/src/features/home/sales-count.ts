// The sales counter rule of seed 001 s9: one sale per `seconds_per_sale` since midnight
// at the counter's UTC offset (Brisbane, no daylight saving), at most `sales_per_day`;
// the figures come from Rust as props, the counting runs only here.
import type { SalesCounterView } from '../../types/generated/SalesCounterView';

const SECONDS_PER_DAY = 86_400;

/** Sales so far today at `nowMs` (milliseconds since the epoch, as Date.now gives). */
export function salesSoFarToday(
  nowMs: number,
  counter: Pick<SalesCounterView, 'sales_per_day' | 'seconds_per_sale' | 'utc_offset_seconds'>,
): number {
  const local = Math.floor(nowMs / 1000) + counter.utc_offset_seconds;
  const sinceMidnight = ((local % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  return Math.min(Math.floor(sinceMidnight / counter.seconds_per_sale), counter.sales_per_day);
}

/** "7.5 minutes" for 450 seconds: how often a sale is counted. */
export function saleInterval(secondsPerSale: number): string {
  const minutes = secondsPerSale / 60;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} minutes`;
}
