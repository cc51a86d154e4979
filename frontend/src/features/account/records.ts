// What the browser keeps for the shopper, per site (seed 001 s3/s4, seed 000 s7): the
// favourites (the local half of the watchlist), the enquiries and reservations sent from
// this browser (the garage lists them), the success marker the /success page reads, the
// cars the shopper enquired on, and the last 5 searches.
import { asObject, idAt, listOf, readStored, textAt, writeStored } from '../../lib/local-store';
import { SEARCH_HISTORY_SIZE } from '../../types/generated/constants';

/** A car as the records name it (enough for a link and a thumbnail). */
export interface CarRef {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string;
}

/** Seed 001 s3 Favourite: the car's id, name, slug, make, model and primary image. */
export type Favourite = CarRef;

/** An enquiry sent from this browser. */
export interface EnquiryRecord {
  /** The lead id the API answered. */
  lead_id: string;
  /** The form's heading (Enquire Now, Book a Test Drive, Finance Enquiry...). */
  form: string;
  /** The lead's category. */
  category: string;
  /** The car the enquiry is about, if any. */
  car: CarRef | null;
  /** When it was sent (ISO 8601). */
  sent_at: string;
}

/** A reservation made from this browser. */
export interface ReservationRecord {
  reservation_id: string;
  car: CarRef;
  /** When the hold ends (ISO 8601). */
  expires_at: string;
  /** When it was made (ISO 8601). */
  made_at: string;
}

/** What the /success page shows after a form is stored. */
export interface SuccessMarker {
  /** Heading (the form's thank-you title). */
  title: string;
  /** Text (the form's thank-you text, or the reservation's message). */
  text: string;
  /** The form's heading. */
  form: string;
  /** The car, if the form was about one. */
  car: CarRef | null;
  /** When the form was stored (ISO 8601). */
  at: string;
  /** The reservation's id, when the form reserved the car. */
  reservation_id?: string | null;
}

/** Seed 001 s3 Viewed car record (a car the shopper enquired on or opened). */
interface ViewedCar {
  id: number;
  stocknum: string;
  make: string;
  model: string;
  body: string;
  simple_body: string;
}

/** Seed 001 s3: one past search, its non-empty filters and its path. */
export interface SearchRecord {
  /** The search address (path and query). */
  path: string;
  /** The non-empty filters, by parameter. */
  filters: Record<string, string>;
}

export const FAVOURITES_KEY = 'forecourt:favourites';
export const ENQUIRIES_KEY = 'forecourt:enquiries';
const RESERVATIONS_KEY = 'forecourt:reservations';
export const SUCCESS_KEY = 'forecourt:success';
const VIEWED_KEY = 'forecourt:viewed-cars';
const SEARCHES_KEY = 'forecourt:search-history';

/** Seed 001 s9: search history keeps 5 entries. */
export const SEARCH_HISTORY_LIMIT = SEARCH_HISTORY_SIZE;
/** Enquiries, reservations and viewed cars kept (newest first). */
export const RECORD_LIMIT = 20;

/** A stored car reference, or null when `value` is not one (also the compare list's). */
export function parseCar(value: unknown): CarRef | null {
  const o = asObject(value);
  const id = o ? idAt(o, 'id') : null;
  if (!o || id === null) return null;
  return {
    id,
    name: textAt(o, 'name'),
    slug: textAt(o, 'slug'),
    make: textAt(o, 'make'),
    model: textAt(o, 'model'),
    primary_image_url: textAt(o, 'primary_image_url'),
  };
}

function parseEnquiry(value: unknown): EnquiryRecord | null {
  const o = asObject(value);
  if (!o || textAt(o, 'lead_id') === '') return null;
  return {
    lead_id: textAt(o, 'lead_id'),
    form: textAt(o, 'form'),
    category: textAt(o, 'category'),
    car: parseCar(o.car),
    sent_at: textAt(o, 'sent_at'),
  };
}

function parseReservation(value: unknown): ReservationRecord | null {
  const o = asObject(value);
  const car = o ? parseCar(o.car) : null;
  if (!o || !car || textAt(o, 'reservation_id') === '') return null;
  return {
    reservation_id: textAt(o, 'reservation_id'),
    car,
    expires_at: textAt(o, 'expires_at'),
    made_at: textAt(o, 'made_at'),
  };
}

function parseSuccess(value: unknown): SuccessMarker | null {
  const o = asObject(value);
  if (!o || textAt(o, 'title') === '') return null;
  return {
    title: textAt(o, 'title'),
    text: textAt(o, 'text'),
    form: textAt(o, 'form'),
    car: parseCar(o.car),
    at: textAt(o, 'at'),
    reservation_id: textAt(o, 'reservation_id') || null,
  };
}

function parseViewed(value: unknown): ViewedCar | null {
  const o = asObject(value);
  const id = o ? idAt(o, 'id') : null;
  if (!o || id === null) return null;
  return {
    id,
    stocknum: textAt(o, 'stocknum'),
    make: textAt(o, 'make'),
    model: textAt(o, 'model'),
    body: textAt(o, 'body'),
    simple_body: textAt(o, 'simple_body'),
  };
}

function parseSearch(value: unknown): SearchRecord | null {
  const o = asObject(value);
  const filters = o ? asObject(o.filters) : null;
  if (!o || !filters || !textAt(o, 'path').startsWith('/')) return null;
  const kept: Record<string, string> = {};
  for (const [name, v] of Object.entries(filters))
    if (typeof v === 'string' && v.trim() !== '') kept[name] = v.trim();
  return { path: textAt(o, 'path'), filters: kept };
}

function list<T>(key: string, parse: (item: unknown) => T | null): T[] {
  return readStored(key, (value) => listOf(value, parse)) ?? [];
}

/** Puts `item` first, drops others with the same identity and keeps `limit` entries. */
function prepend<T>(
  key: string,
  parse: (item: unknown) => T | null,
  item: T,
  same: (a: T, b: T) => boolean,
  limit: number,
): T[] {
  const next = [item, ...list(key, parse).filter((other) => !same(other, item))].slice(0, limit);
  writeStored(key, next);
  return next;
}

/** The favourites, most recently saved first. */
export function loadFavourites(): Favourite[] {
  return list(FAVOURITES_KEY, parseCar);
}

/** Adds or removes a favourite; answers the new list. */
export function setFavourite(car: Favourite, saved: boolean): Favourite[] {
  if (saved)
    return prepend(FAVOURITES_KEY, parseCar, car, (a, b) => a.id === b.id, Number.MAX_SAFE_INTEGER);
  const next = loadFavourites().filter((f) => f.id !== car.id);
  writeStored(FAVOURITES_KEY, next);
  return next;
}

/** The enquiries sent from this browser, newest first. */
export function loadEnquiries(): EnquiryRecord[] {
  return list(ENQUIRIES_KEY, parseEnquiry);
}

/** Records a stored enquiry. */
export function recordEnquiry(record: EnquiryRecord): void {
  prepend(ENQUIRIES_KEY, parseEnquiry, record, (a, b) => a.lead_id === b.lead_id, RECORD_LIMIT);
}

/** The reservations made from this browser, newest first. */
export function loadReservations(): ReservationRecord[] {
  return list(RESERVATIONS_KEY, parseReservation);
}

/** Records a reservation. */
export function recordReservation(record: ReservationRecord): void {
  prepend(
    RESERVATIONS_KEY,
    parseReservation,
    record,
    (a, b) => a.reservation_id === b.reservation_id,
    RECORD_LIMIT,
  );
}

/** Saves the marker the /success page shows. */
export function saveSuccess(marker: SuccessMarker): void {
  writeStored(SUCCESS_KEY, marker);
}

/** The success marker, if a form was stored in this browser. */
export function loadSuccess(): SuccessMarker | null {
  return readStored(SUCCESS_KEY, parseSuccess);
}

/** The cars recorded as viewed or enquired on, newest first. */
export function loadViewedCars(): ViewedCar[] {
  return list(VIEWED_KEY, parseViewed);
}

/** Records a car (seed 001 s4: on a successful form the car is recorded). */
export function recordViewedCar(car: ViewedCar): void {
  prepend(VIEWED_KEY, parseViewed, car, (a, b) => a.id === b.id, RECORD_LIMIT);
}

/** The last searches, newest first. */
export function loadSearches(): SearchRecord[] {
  return list(SEARCHES_KEY, parseSearch);
}

/** Records a search with at least one non-empty filter (seed 001 s3); the last 5 are kept. */
export function recordSearch(path: string, filters: Record<string, string>): void {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
  if (Object.keys(kept).length === 0) return;
  prepend(
    SEARCHES_KEY,
    parseSearch,
    { path, filters: kept },
    (a, b) => a.path === b.path,
    SEARCH_HISTORY_LIMIT,
  );
}
