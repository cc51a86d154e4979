// POST /api/leads with an Idempotency-Key (through the API client), and what its answer
// means for the form (edge-api/src/routes/leads.rs; errors are {success: false, code, message,
// fields?}).
import { confirmReservation, submitLead, type Reply, type Schemas } from '../../api/client';
import { MESSAGES } from '../../types/generated/messages';
import { rememberFromReservation } from '../journey/journey-token';

type ReservationAnswer = Schemas['ReservationAnswer'];

/** What `POST /api/reservations` adds to a stored reservation: the fields of its answer
 *  that the form and the success page use. */
export interface ReservationHold {
  /** When the hold ends (RFC 3339). */
  expiresAt: ReservationAnswer['expires_at'];
  /** What the shopper is told: how long the car is held and how to pay the deposit. */
  message: ReservationAnswer['message'];
  /** Where the deposit stands: `held` (on the card), `requires_action` (3-D Secure to
   *  finish in the browser), `awaiting_payment` (paid at the dealership). */
  status: ReservationAnswer['status'];
  /** The deposit, dollars (null when the answer has none). */
  deposit: ReservationAnswer['deposit'] | null;
  /** What Stripe.js needs to finish 3-D Secure (`requires_action` only). */
  clientSecret: NonNullable<ReservationAnswer['client_secret']> | null;
}

/** What a submission came to. */
export type LeadResult =
  /** The lead is stored; later steps send this id (a reservation's id, with its hold). */
  | { kind: 'stored'; leadId: string; reservation: ReservationHold | null }
  /** The server refused some values: a message and the field messages by payload key. */
  | { kind: 'invalid'; message: string; fields: Record<string, string> }
  /** Nothing was stored (network failure, server error, rate limit, a slot taken
   *  meanwhile): the message, and the API's error code when it answered one. */
  | { kind: 'failed'; message: string; code: string | null };

/** The API's code when an appointment's slot was booked meanwhile (409). */
export const SLOT_UNAVAILABLE_CODE = 'slot_unavailable';

/** A fresh idempotency key (a UUID), also where crypto.randomUUID is missing. */
export function idempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Sends one submission. Retrying with the same key creates nothing twice. */
export async function postLead(
  apiPath: string,
  payload: Record<string, unknown>,
  key: string,
  fetchImpl: typeof fetch = fetch,
): Promise<LeadResult> {
  let response: Reply<unknown>;
  try {
    // The payload's keys are the form's field names, which the view model takes from the
    // seed's list (LeadPayload); the edge checks them.
    response = await submitLead(apiPath, payload as Schemas['LeadPayload'], key, { fetchImpl });
  } catch {
    // Seed 001 s8: the form submit failure text.
    return { kind: 'failed', message: MESSAGES.FORM_SUBMIT_ERROR, code: null };
  }
  return interpret(response);
}

/** After the shopper finished 3-D Secure: whether the reservation's card is now held
 *  (an answer like the reservation's, or a 402 with the issuer's reason). */
export async function confirmHold(
  reservationId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<LeadResult> {
  let response: Reply<unknown>;
  try {
    response = await confirmReservation(reservationId, { fetchImpl });
  } catch {
    return { kind: 'failed', message: MESSAGES.FORM_SUBMIT_ERROR, code: null };
  }
  return interpret(response);
}

function interpret(response: Reply<unknown>): LeadResult {
  // Not JSON (a proxy's error page): handled as an answer without a message.
  const body: Record<string, unknown> =
    response.body !== null && typeof response.body === 'object'
      ? (response.body as Record<string, unknown>)
      : {};
  if (response.ok) {
    // A reservation answers with its reservation id, when its hold ends and its message.
    const reservationId = textOf(body.reservation_id);
    // The buy-online journey of the car opens with the token this answer gives once.
    if (reservationId) rememberFromReservation(body);
    const leadId = textOf(body.lead_id) || reservationId;
    const reservation = reservationId
      ? {
          expiresAt: textOf(body.expires_at),
          message: textOf(body.message),
          // Read as sent: a word this build does not know matches no status it acts on.
          status: textOf(body.status) as ReservationHold['status'],
          deposit: typeof body.deposit === 'number' ? body.deposit : null,
          clientSecret: textOf(body.client_secret) || null,
        }
      : null;
    return leadId
      ? { kind: 'stored', leadId, reservation }
      : { kind: 'failed', message: MESSAGES.UNEXPECTED_ERROR, code: null };
  }
  const fields: Record<string, string> = {};
  if (body.fields !== null && typeof body.fields === 'object') {
    for (const [name, message] of Object.entries(body.fields as Record<string, unknown>)) {
      if (textOf(message)) fields[name] = textOf(message);
    }
  }
  // Seed 001 s8: a server error text is shown as-is, else 'An unexpected error occured'.
  const message = textOf(body.message) || MESSAGES.UNEXPECTED_ERROR;
  // 402: the card was declined, with the issuer's reason as the card field's message.
  if ([400, 402, 422].includes(response.status) && Object.keys(fields).length > 0)
    return { kind: 'invalid', message, fields };
  return { kind: 'failed', message, code: textOf(body.code) || null };
}
