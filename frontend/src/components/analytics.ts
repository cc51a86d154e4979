// Analytics events by numeric id (seed 000 s7: 39 save, 25 phone click; seed 001 s7:
// 22 default form, 26 calculator, 61 print, ...). The page pushes them to the tag
// manager's data layer; with no tag manager on the page the array just collects them.

/** One analytics event as pushed to `window.dataLayer`. */
export type AnalyticsEvent = { event: 'forecourt'; id: number };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Seed event ids used by the vehicle page. */
export const EVENT_PHONE_CLICK = 25;
/** Seed 001 s7: calculator use. */
export const EVENT_CALCULATOR = 26;
/** Seed 001 s7: print. */
export const EVENT_PRINT = 61;
/** Seed 001 s7: history report. */
export const EVENT_HISTORY_REPORT = 60;
/** Seed 001 s7: trade-in estimate tracking (the calculator's id). */
export const EVENT_TRADE_IN_ESTIMATE = 26;
/** Seed 001 s7: offer accepted. */
export const EVENT_OFFER_ACCEPTED = 18;

/** Sends analytics event `id` (pushes `{event: 'forecourt', id}` to `window.dataLayer`). */
export function trackEvent(id: number): void {
  if (typeof window === 'undefined') return;
  const event: AnalyticsEvent = { event: 'forecourt', id };
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}
