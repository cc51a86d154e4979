// Delivery price lookup (seed 000 s4/s5/s7/s8): GET /api/delivery-estimate?postcode=NNNN
// (&location=<the car's location slug>) on the dealer's host. An empty postcode never reaches the API; an answer with a message
// (400 bad postcode, 404 no estimate) shows that message; anything else that fails,
// including the network, shows the seed's no-estimate text.
import { MESSAGES } from '../../types/generated/messages';

/** The API's 200 answer. */
export type DeliveryEstimate = {
  postcode: string;
  locality: string;
  state: string;
  region: string;
  /** AUD; 0 is free delivery. */
  price: number;
  distance_km: number;
  /** The dealer location the car is delivered from. */
  location: string;
};

/** What one lookup ends with. */
export type DeliveryOutcome =
  { kind: 'result'; estimate: DeliveryEstimate } | { kind: 'error'; message: string };

function isEstimate(value: unknown): value is DeliveryEstimate {
  const v = value as Partial<DeliveryEstimate> | null;
  return !!v && typeof v.price === 'number' && typeof v.region === 'string';
}

/** The lookup URL: measured from the car's own `location` (slug) when the page knows it. */
export function deliveryUrl(postcode: string, location?: string | null): string {
  const query = new URLSearchParams({ postcode });
  if (location) query.set('location', location);
  return `/api/delivery-estimate?${query.toString()}`;
}

/** Looks up the delivery estimate of `postcode` (trimmed) for a car at `location`. Never
 *  throws except on abort. */
export async function lookUpDelivery(
  postcode: string,
  signal?: AbortSignal,
  location?: string | null,
): Promise<DeliveryOutcome> {
  const value = postcode.trim();
  if (value === '') return { kind: 'error', message: MESSAGES.PLEASE_ENTER_A_POSTCODE };
  let response: Response;
  try {
    response = await fetch(deliveryUrl(value, location), {
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'error', message: MESSAGES.DELIVERY_NO_ESTIMATE };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isEstimate(body)) return { kind: 'result', estimate: body };
  const message = (body as { message?: unknown } | null)?.message;
  if (!response.ok && typeof message === 'string' && message.trim() !== '')
    return { kind: 'error', message };
  return { kind: 'error', message: MESSAGES.DELIVERY_NO_ESTIMATE };
}
