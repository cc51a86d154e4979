// The trade-in valuation API (edge-api/src/routes/trade_in.rs): GET /api/trade-in/options, POST
// /api/trade-in/lookup (the "Your Car" step) and POST /api/trade-in/valuation (the offer),
// and the valuation saved through POST /api/miscellaneous with column_name valuation on
// the one site that keeps it (seed 001 s7: "success or failure only logged").
// Errors are {success: false, code, message, fields?}.
import * as api from '../../../api/client';
import type { Reply, Schemas } from '../../../api/client';
import { MESSAGES } from '../../../types/generated/messages';

/** One answer of a condition question. */
export type AnswerChoice = Schemas['AnswerChoice'];
/** A condition (adjustment) question. */
export type QuestionChoice = Schemas['QuestionChoice'];
/** The messages of the car step's checks. */
export type CarMessages = Schemas['CarMessages'];
/** How the flow asks for the car, and the condition questions. */
export type TradeInOptions = Schemas['TradeInOptions'];
/** The shopper's car. */
export type Vehicle = Schemas['Vehicle'];
/** Answer of the "Your Car" step. */
export type LookupAnswer = Schemas['LookupAnswer'];
/** One adjustment answer as sent (seed 001 s3: id, adjustmentAnswers). */
export type AdjustmentAnswer = Schemas['AdjustmentAnswer'];
/** The offer, or why there is none. */
export type Valuation = Schemas['Valuation'];

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

/** Reads the answer of `reply` (a call of the API client); `accept` checks a success's
 *  shape (a proxy or an older deploy may answer something else). */
async function read<T>(
  reply: Promise<Reply<unknown>>,
  accept: (body: unknown) => body is T,
): Promise<ApiResult<T>> {
  let response: Reply<unknown>;
  try {
    response = await reply;
  } catch {
    return { kind: 'failed', message: MESSAGES.FORM_SUBMIT_ERROR };
  }
  const body = response.body;
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
  const result = await read(api.tradeInOptions({ fetchImpl }), isOptions);
  if (result.kind !== 'ok') return null;
  const options = result.value;
  return options.enabled && (options.lookup || options.makes.length > 0) ? options : null;
}

/** The "Your Car" step: a rego (and state), or the picked vehicle, and the odometer. */
export function lookUp(
  car: { rego: string; regoState: string; kms: number } | { vehicle: Vehicle; kms: number },
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<LookupAnswer>> {
  return read(api.tradeInLookup(car, { fetchImpl }), isLookup);
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
  return read(api.tradeInValuation(body, { fetchImpl }), isValuation);
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
  const result = await read(
    api.miscellaneous(body, { fetchImpl }),
    (b): b is unknown => record(b)?.success === true,
  );
  if (result.kind === 'ok') console.info('Valuation saved');
  else console.warn(`Valuation not saved: ${result.message}`);
}
