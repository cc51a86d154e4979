// Analytics events by numeric id (seed 000 s7: 39 save, 25 phone click; seed 001 s7:
// 22 default form, 26 calculator, 61 print, ...). Every event goes to the tag manager's
// data layer as `{event: <name>, event_id: <seed id>, dealer_*, car_*}` (names from
// domain::rules::forms::ANALYTICS_EVENTS, the README's dataLayer table), so a GTM
// trigger can match the name and variables read the fields. Without consent no tag is
// loaded and the array just collects them.
import { ANALYTICS_EVENTS, EVENT_CALCULATOR } from '../types/generated/constants';

/** The car an event is about (the fields GTM variables read). */
export interface AnalyticsCar {
  id: number;
  make?: string;
  model?: string;
  year?: number | null;
  price?: number | null;
  car_type?: string;
  stock_number?: string | null;
}

/** The event fields of a car card (vehicle page, listings). */
export function cardCar(card: {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number | null;
  car_type: string;
}): AnalyticsCar {
  const { id, make, model, year, price, car_type } = card;
  return { id, make, model, year, price, car_type };
}

/** The dealer whose site the page belongs to. */
interface AnalyticsDealer {
  slug: string;
  name: string;
}

/** One analytics event as pushed to `window.dataLayer`. */
interface AnalyticsEvent {
  /** The event's name (a GTM custom event trigger matches it). */
  event: string;
  /** The seed's numeric id. */
  event_id: number;
  dealer_slug?: string;
  dealer_name?: string;
  car_id?: number;
  car_make?: string;
  car_model?: string;
  car_year?: number;
  car_price?: number;
  car_type?: string;
  car_stock_number?: string;
}

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
  EVENT_SAVE,
} from '../types/generated/constants';
/** Seed 001 s7: trade-in estimate tracking uses the calculator's id. */
export const EVENT_TRADE_IN_ESTIMATE = EVENT_CALCULATOR;

const NAMES = new Map<number, string>(ANALYTICS_EVENTS);

/** The dataLayer event name of seed id `id` (an id outside the table keeps a generic name). */
export function eventName(id: number): string {
  return NAMES.get(id) ?? `forecourt_event_${id}`;
}

let dealer: AnalyticsDealer | null = null;

/** Names the dealer every later event carries (the page's Layout sets it). */
export function setAnalyticsDealer(site: AnalyticsDealer | null): void {
  dealer = site ? { slug: site.slug, name: site.name } : null;
}

/** The window's data layer, created when the page has none yet. */
export function dataLayer(): unknown[] {
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

/** The event pushed for seed id `id`, about `car` when given. */
function analyticsEvent(id: number, car?: AnalyticsCar | null): AnalyticsEvent {
  const event: AnalyticsEvent = { event: eventName(id), event_id: id };
  if (dealer) {
    event.dealer_slug = dealer.slug;
    event.dealer_name = dealer.name;
  }
  if (car) {
    event.car_id = car.id;
    if (car.make) event.car_make = car.make;
    if (car.model) event.car_model = car.model;
    if (typeof car.year === 'number') event.car_year = car.year;
    if (typeof car.price === 'number') event.car_price = car.price;
    if (car.car_type) event.car_type = car.car_type;
    if (car.stock_number) event.car_stock_number = car.stock_number;
  }
  return event;
}

/** Sends analytics event `id` (about `car`, when it is about one) to `window.dataLayer`. */
export function trackEvent(id: number, car?: AnalyticsCar | null): void {
  if (typeof window === 'undefined') return;
  dataLayer().push(analyticsEvent(id, car));
}
