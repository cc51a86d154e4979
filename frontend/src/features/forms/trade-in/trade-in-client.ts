// The trade-in valuation API (edge-api/src/trade_in.rs): GET /api/trade-in/options, POST
// /api/trade-in/lookup (the "Your Car" step) and POST /api/trade-in/valuation (the offer),
// and the valuation saved through POST /api/miscellaneous with column_name valuation on
// the one site that keeps it (seed 001 s7: "success or failure only logged").
// Errors are {success: false, code, message, fields?}.
import { MESSAGES } from '../../../types/generated/messages';

/** One answer of a condition question. */
export interface AnswerChoice {
  value: string;
  label: string;
}

/** A condition (adjustment) question. */
export interface QuestionChoice {
  id: string;
  question: string;
  required_message: string;
  answers: AnswerChoice[];
}

/** The messages of the car step's checks. */
export interface CarMessages {
  rego_required: string;
  year_required: string;
  make_required: string;
  model_required: string;
  kms_required: string;
  kms_invalid: string;
}

/** How the flow asks for the car, and the condition questions. */
export interface TradeInOptions {
  /** The dealer values cars online; false keeps the ordinary enquiry. */
  enabled: boolean;
  /** The car is found by rego and state; otherwise the shopper picks year, make and model. */
  lookup: boolean;
  default_state: string;
  states: string[];
  /** Newest first. */
  years: number[];
  makes: { make: string; models: string[] }[];
  questions: QuestionChoice[];
  save_valuations: boolean;
  max_age_years: number;
  max_km: number;
  /** Seed 001 s4: '3. Offer Accepted'../../trade-in/. */
  lead_subcategory: string;
  /** Seed 001 s9: 'Get Your Valuation'../../trade-in/. */
  start_label: string;
  messages: CarMessages;
}

/** The shopper's car. */
export interface Vehicle {
  year: number;
  make: string;
  model: string;
  badge?: string;
  body?: string;
}

/** Answer of the "Your Car" step. */
export interface LookupAnswer {
  outcome: 'ready' | 'not_eligible' | 'no_estimate';
  message: string | null;
  vehicle: Vehicle;
  kms: number;
  rego: string | null;
  regoState: string | null;
}

/** One adjustment answer as sent (seed 001 s3: id, adjustmentAnswers). */
export interface AdjustmentAnswer {
  id: string;
  answer: string;
}

/** The offer, or why there is none. */
export interface Valuation {
  outcome: 'offer' | 'not_eligible' | 'no_estimate';
  message: string | null;
  id: string | null;
  offer_price: number | null;
  range_min: number | null;
  range_max: number | null;
  comparables: number | null;
  confidence: number | null;
  adjustments: { id: string; answer: string; amount: number | null }[];
  vehicle: Vehicle;
  kms: number;
  rego: string | null;
  regoState: string | null;
  source: string;
}

/** What a call came to. */
export type ApiResult<T> =
  | { kind: 'ok'; value: T }
  /** The API refused some values: its message and the message of each field, by payload key. */
  | { kind: 'invalid'; message: string; fields: Record<string, string> }
  /** Nothing usable came back (network, server or provider failure). */
  | { kind: 'failed'; message: string };

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

function isOptions(value: unknown): value is TradeInOptions {
  const o = record(value);
  return (
    !!o &&
    typeof o.enabled === 'boolean' &&
    typeof o.lookup === 'boolean' &&
    Array.isArray(o.years) &&
    Array.isArray(o.makes) &&
    Array.isArray(o.questions) &&
    !!record(o.messages)
  );
}

function isLookup(value: unknown): value is LookupAnswer {
  const o = record(value);
  return !!o && typeof o.outcome === 'string' && !!record(o.vehicle) && typeof o.kms === 'number';
}

function isValuation(value: unknown): value is Valuation {
  const o = record(value);
  return (
    !!o && typeof o.outcome === 'string' && Array.isArray(o.adjustments) && !!record(o.vehicle)
  );
}

async function call<T>(
  path: string,
  init: RequestInit,
  accept: (body: unknown) => body is T,
  fetchImpl: typeof fetch,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
  } catch {
    return { kind: 'failed', message: MESSAGES.FORM_SUBMIT_ERROR };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok)
    return accept(body)
      ? { kind: 'ok', value: body }
      : { kind: 'failed', message: MESSAGES.UNEXPECTED_ERROR };
  const error = record(body);
  const message =
    typeof error?.message === 'string' && error.message.trim() !== ''
      ? error.message
      : MESSAGES.UNEXPECTED_ERROR;
  const fields = Object.fromEntries(
    Object.entries(record(error?.fields) ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return Object.keys(fields).length > 0
    ? { kind: 'invalid', message, fields }
    : { kind: 'failed', message };
}

/** The dealer's valuation options; null when the dealer has no online valuations, none
 *  it can make (no market, no provider), or the API cannot say: the page then keeps its
 *  ordinary trade-in enquiry. */
export async function fetchOptions(
  fetchImpl: typeof fetch = fetch,
): Promise<TradeInOptions | null> {
  const result = await call('/api/trade-in/options', { method: 'GET' }, isOptions, fetchImpl);
  if (result.kind !== 'ok') return null;
  const options = result.value;
  return options.enabled && (options.lookup || options.makes.length > 0) ? options : null;
}

/** The "Your Car" step: a rego (and state), or the picked vehicle, and the odometer. */
export function lookUp(
  car: { rego: string; regoState: string; kms: number } | { vehicle: Vehicle; kms: number },
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<LookupAnswer>> {
  return call(
    '/api/trade-in/lookup',
    { method: 'POST', body: JSON.stringify(car) },
    isLookup,
    fetchImpl,
  );
}

/** The offer for the car and the condition answers. */
export function valuate(
  body: {
    vehicle: Vehicle;
    kms: number;
    adjustmentAnswers: AdjustmentAnswer[];
    rego?: string;
    regoState?: string;
  },
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<Valuation>> {
  return call(
    '/api/trade-in/valuation',
    { method: 'POST', body: JSON.stringify(body) },
    isValuation,
    fetchImpl,
  );
}

/** Seed 001 s7: POST /api/miscellaneous with the valuation response and column_name
 *  valuation; the outcome is only logged. */
export async function saveValuation(
  valuation: Valuation,
  carId: number | null,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const body = {
    column_name: 'valuation',
    value: valuation,
    ...(carId !== null ? { car_id: carId } : {}),
  };
  const result = await call(
    '/api/miscellaneous',
    { method: 'POST', body: JSON.stringify(body) },
    (b): b is unknown => record(b)?.success === true,
    fetchImpl,
  );
  if (result.kind === 'ok') console.info('Valuation saved');
  else console.warn(`Valuation not saved: ${result.message}`);
}
