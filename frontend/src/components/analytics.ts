// Analytics events by numeric id (seed 000 s7: 39 save, 25 phone click; seed 001 s7:
// 22 default form, 26 calculator, 61 print, ...). The page pushes them to the tag
// manager's data layer; with no tag manager on the page the array just collects them.
import { EVENT_CALCULATOR } from '../types/generated/constants';

/** One analytics event as pushed to `window.dataLayer`. */
export type AnalyticsEvent = { event: 'forecourt'; id: number };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

// The seed's event ids come from domain::rules::forms through the generated module.
export {
  EVENT_CALCULATOR,
  EVENT_HISTORY_REPORT,
  EVENT_OFFER_ACCEPTED,
  EVENT_PHONE_CLICK,
  EVENT_PRINT,
} from '../types/generated/constants';
/** Seed 001 s7: trade-in estimate tracking uses the calculator's id. */
export const EVENT_TRADE_IN_ESTIMATE = EVENT_CALCULATOR;

/** Sends analytics event `id` (pushes `{event: 'forecourt', id}` to `window.dataLayer`). */
export function trackEvent(id: number): void {
  if (typeof window === 'undefined') return;
  const event: AnalyticsEvent = { event: 'forecourt', id };
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}
