// The one module that calls the edge API. Every request body and answer is typed from the
// API's OpenAPI document (types/generated/api/schema.ts, generated from the Rust
// handlers' types), so a changed endpoint breaks the typecheck here instead of a page at
// run time. What an answer means for a page (messages, retries, fallbacks) stays with
// the feature that asked; the answers are still checked where a proxy or an older deploy
// might answer something else.
import type { components } from '../types/generated/api/schema';
import { emptyState, serializeSearchState } from '../features/search/search-state';

/** The API's named schemas (request bodies and answers). */
export type Schemas = components['schemas'];
/** The JSON body of every error answer ({success: false, code, message, fields?}). */
export type ErrorBody = Schemas['ErrorBody'];

/** GET /api/delivery-estimate's answer. */
export type DeliveryEstimate = Schemas['DeliveryEstimate'];
/** GET /api/postcodes/{postcode}'s answer. */
export type PostcodePlace = Schemas['PostcodePlace'];
/** One website of the dealer locator (seed 000 s7: id, name, url, dealership, locations). */
export type Website = Schemas['Website'];
/** One of its locations (seed 000 s3 "Dealership location"). */
export type DealershipLocation = Schemas['DealershipLocation'];
/** GET /api/manufacturer-locations' answer: the websites, the Host's own first. */
type ManufacturerLocations = Website[];

/** What one call came to. `body` is the parsed JSON, or null when the answer was not
 *  JSON (a proxy's error page); an error answer's body is the API's error body as far
 *  as it goes. A call that got no answer (network down, aborted) throws, as fetch does. */
export type Reply<T> =
  | { ok: true; status: number; body: T | null }
  | { ok: false; status: number; body: Partial<ErrorBody> | null };

/** Per-call options: an abort signal, the browser cache mode, and the fetch to use
 *  (tests pass their own; the default is the global fetch at the time of the call). */
interface CallOptions {
  signal?: AbortSignal;
  cache?: RequestCache;
  fetchImpl?: typeof fetch;
}

function errorBody(json: unknown): Partial<ErrorBody> | null {
  return json !== null && typeof json === 'object' && !Array.isArray(json)
    ? (json as Partial<ErrorBody>)
    : null;
}

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  options: CallOptions,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const init: RequestInit = {
    method,
    // Cookies go along on the dealer's own host (the session, seed 000 s6).
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (options.signal) init.signal = options.signal;
  if (options.cache) init.cache = options.cache;
  const response = await fetchImpl(url, init);
  const json: unknown = await response.json().catch(() => null);
  // An answer cut off by the abort is no answer: the caller's abort handling runs.
  if (options.signal?.aborted) throw options.signal.reason;
  return response.ok
    ? { ok: true, status: response.status, body: json as T | null }
    : { ok: false, status: response.status, body: errorBody(json) };
}

const get = <T>(url: string, options: CallOptions = {}) => call<T>('GET', url, undefined, options);
const post = <T>(
  url: string,
  body: unknown,
  options: CallOptions = {},
  headers?: Record<string, string>,
) => call<T>('POST', url, body, options, headers);

// Sign-in and the session (seed 000 s6, seed 001 s2).

/** GET /api/session: who is signed in (200 either way). */
export const getSession = (options?: CallOptions) =>
  get<Schemas['SessionState']>('/api/session', options);
/** POST /api/auth/request-code: sends an SMS code. */
export const requestCode = (body: Schemas['RequestCode'], options?: CallOptions) =>
  post<Schemas['CodeSent']>('/api/auth/request-code', body, options);
/** POST /api/auth/verify: checks the code; a success sets the session cookie. */
export const verifyCode = (body: Schemas['VerifyCode'], options?: CallOptions) =>
  post<Schemas['Me']>('/api/auth/verify', body, options);
/** POST /api/auth/sign-out. */
export const signOut = (options?: CallOptions) =>
  post<Schemas['SignedOut']>('/api/auth/sign-out', {}, options);

// The watchlist (seed 000 s4/s7).

/** GET /api/watchlist: the signed-in user's saved cars. */
export const getWatchlist = (options?: CallOptions) =>
  get<Schemas['WatchlistAnswer']>('/api/watchlist', options);
/** POST /api/watchlist/save-car (`save`) or /api/watchlist/remove-car. */
export const changeWatchlist = (
  save: boolean,
  body: Schemas['WatchlistChange'],
  options?: CallOptions,
) =>
  post<Schemas['WatchlistAnswer']>(
    save ? '/api/watchlist/save-car' : '/api/watchlist/remove-car',
    body,
    options,
  );

// Leads and reservations (seed 001 s3).

/** A lead form's submission: POST /api/leads, or POST /api/reservations for the reserve
 *  form (the form's view model names the path). The payload's keys are the form's field
 *  names, which the view model takes from the same seed list as LeadPayload. */
export const submitLead = (
  apiPath: string,
  payload: Schemas['LeadPayload'] | Schemas['ReservationRequest'],
  idempotencyKey: string,
  options?: CallOptions,
) =>
  post<Schemas['LeadAnswer'] | Schemas['ReservationAnswer']>(apiPath, payload, options, {
    // A retry with the same key creates nothing twice.
    'Idempotency-Key': idempotencyKey,
  });
/** POST /api/reservations/{id}/confirm: after 3-D Secure, whether the card is now held. */
export const confirmReservation = (reservationId: string, options?: CallOptions) =>
  post<Schemas['ReservationAnswer']>(
    `/api/reservations/${encodeURIComponent(reservationId)}/confirm`,
    {},
    options,
  );
/** POST /api/reservations/{id}/cancel: the signed-in shopper releases their hold. */
export const cancelReservation = (reservationId: string, options?: CallOptions) =>
  post<{ reservation_id: string; status: string }>(
    `/api/reservations/${encodeURIComponent(reservationId)}/cancel`,
    {},
    options,
  );
/** GET /api/reservations/{car_id}: whether a live hold keeps the car. */
export const getHold = (carId: number, options?: CallOptions) =>
  get<Schemas['HoldStatus']>(`/api/reservations/${carId}`, options);
/** GET /api/stock/{car_id}: the car's state now (available, sold, reserved or gone). */
export const getStock = (carId: number, options?: CallOptions) =>
  get<Schemas['StockState']>(`/api/stock/${carId}`, options);

// Stock search and places.

/** GET {apiPath}?{query}: the search page's `query` string as the search state writes it
 *  (the page's view model names the path, /api/search). */
export const search = (apiPath: string, query: string, options?: CallOptions) =>
  get<Schemas['SearchReply']>(`${apiPath}?${query}`, options);
/** GET /api/search?ids=&hitsPerPage=: the cards of saved cars, the query written by the
 *  search state's writer (pages counted from 0, as the endpoint does). */
export const searchIds = (ids: number[], hitsPerPage: number, options?: CallOptions) =>
  search('/api/search', serializeSearchState({ ...emptyState(), ids, hitsPerPage }, 0), options);
/** GET /api/postcodes/{postcode}: where a postcode is. */
export const postcodePlace = (postcode: string, options?: CallOptions) =>
  get<PostcodePlace>(`/api/postcodes/${encodeURIComponent(postcode)}`, options);
/** GET {apiPath} (/api/manufacturer-locations): the dealer locator's websites. */
export const manufacturerLocations = (apiPath: string, options?: CallOptions) =>
  get<ManufacturerLocations>(apiPath, options);

// The vehicle page's live widgets.

/** The delivery estimate URL: measured from the car's own `location` (slug) when known. */
function deliveryUrl(postcode: string, location?: string | null): string {
  const query = new URLSearchParams({ postcode });
  if (location) query.set('location', location);
  return `/api/delivery-estimate?${query.toString()}`;
}
/** GET /api/delivery-estimate?postcode=&location=. */
export const deliveryEstimate = (
  postcode: string,
  location: string | null | undefined,
  options?: CallOptions,
) => get<DeliveryEstimate>(deliveryUrl(postcode, location), options);
/** GET {car path}/autogauge: the price comparison. */
export const autogauge = (carPath: string, options?: CallOptions) =>
  get<Schemas['Autogauge']>(`${carPath}/autogauge`, options);
/** POST /api/reveal-phone: logs a phone reveal. */
export const revealPhone = (body: Schemas['RevealPhone'], options?: CallOptions) =>
  post<Schemas['Recorded']>('/api/reveal-phone', body, options);
/** POST /api/miscellaneous: saves a value (a trade-in valuation) against a car or lead. */
export const miscellaneous = (body: Schemas['Miscellaneous'], options?: CallOptions) =>
  post<Schemas['Recorded']>('/api/miscellaneous', body, options);
/** POST /api/youx/quote: a finance quote. */
export const youxQuote = (body: Schemas['QuoteBody'], options?: CallOptions) =>
  post<Schemas['QuoteAnswer']>('/api/youx/quote', body, options);

// Forms' helpers.

/** GET {apiPath}?location=&date= (/api/appointments): a location's slots on a date. */
export const appointmentSlots = (
  apiPath: string,
  location: string,
  date: string,
  options?: CallOptions,
) =>
  get<Schemas['SlotList']>(
    `${apiPath}?${new URLSearchParams({ location, date }).toString()}`,
    options,
  );
/** GET /api/trade-in/options: how the trade-in flow asks for the car. */
export const tradeInOptions = (options?: CallOptions) =>
  get<Schemas['TradeInOptions']>('/api/trade-in/options', options);
/** POST /api/trade-in/lookup: the "Your Car" step. */
export const tradeInLookup = (body: Schemas['LookupBody'], options?: CallOptions) =>
  post<Schemas['LookupAnswer']>('/api/trade-in/lookup', body, options);
/** POST /api/trade-in/valuation: the offer. */
export const tradeInValuation = (body: Schemas['ValuationBody'], options?: CallOptions) =>
  post<Schemas['Valuation']>('/api/trade-in/valuation', body, options);

// Place suggestions of the place fields.

/** One Australian place GET /api/places suggests: name, state, postcode, label and point. */
export type PlaceSuggestion = Schemas['PlaceSuggestion'];
/** GET /api/places?q=: at most 8 Australian places for what the shopper typed. */
export const places = (query: string, options?: CallOptions) =>
  get<PlaceSuggestion[]>(`/api/places?${new URLSearchParams({ q: query }).toString()}`, options);

// The buy-online journey of a reserved car.

/** POST /api/journeys/{car_id}: the journey, opened with this browser's token or the
 *  signed-in phone (the token travels in the body). */
export const openJourney = (
  carId: number,
  body: Schemas['JourneyRequest'],
  options?: CallOptions,
) => post<Schemas['JourneyView']>(`/api/journeys/${carId}`, body, options);
/** POST /api/journeys/{car_id}/steps: records the shopper's choice at one or more steps. */
export const saveJourneySteps = (
  carId: number,
  body: Schemas['StepsRequest'],
  options?: CallOptions,
) => post<Schemas['JourneyView']>(`/api/journeys/${carId}/steps`, body, options);
/** POST /api/journeys/{car_id}/order: sends the order to the dealer (once). */
export const sendJourneyOrder = (
  carId: number,
  body: Schemas['JourneyRequest'],
  options?: CallOptions,
) => post<Schemas['JourneyView']>(`/api/journeys/${carId}/order`, body, options);
