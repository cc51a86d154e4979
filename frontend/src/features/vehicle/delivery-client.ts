// Delivery price lookup (seed 000 s4/s5/s7/s8): GET /api/delivery-estimate?postcode=NNNN
// (&location=<the car's location slug>) on the dealer's host. An empty postcode never
// reaches the API; a 400 (bad postcode) is input to correct; a 404 (no estimate) shows its
// message as information; anything else that fails, including the network, shows the
// seed's no-estimate text.
import { deliveryEstimate, type DeliveryEstimate, type Reply } from '../../api/client';
import { MESSAGES } from '../../types/generated/messages';
import { formatDollars } from '../../lib/number-format';

export type { DeliveryEstimate } from '../../api/client';

/** A delivery's sentence, naming the place as the car page does: "$1,490 delivery to
 *  Sydney, 2000", "Free delivery to Brisbane City, 4000"; `fallback` (the zone) names it
 *  when neither the locality nor the postcode is known. */
export function deliveryTo(
  price: number,
  locality: string,
  postcode: string,
  fallback = '',
): string {
  const fee = price === 0 ? 'Free delivery' : `${formatDollars(price)} delivery`;
  const place = [locality.trim(), postcode.trim()].filter(Boolean).join(', ');
  return `${fee} to ${place || fallback}`;
}

/** What one lookup ends with: an estimate; no estimate for that place (information, with
 *  other ways to get a quote); or input to correct. */
type DeliveryOutcome =
  | { kind: 'result'; estimate: DeliveryEstimate }
  | { kind: 'none'; message: string }
  | { kind: 'error'; message: string };

function isEstimate(value: unknown): value is DeliveryEstimate {
  const v = value as Partial<DeliveryEstimate> | null;
  return !!v && typeof v.price === 'number' && typeof v.region === 'string';
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
  let response: Reply<DeliveryEstimate>;
  try {
    response = await deliveryEstimate(value, location, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'none', message: MESSAGES.DELIVERY_NO_ESTIMATE };
  }
  const body: unknown = response.body;
  if (response.ok && isEstimate(body)) return { kind: 'result', estimate: body };
  const message = (body as { message?: unknown } | null)?.message;
  // A 400 names what to correct in the postcode; every other failure is a place we
  // cannot price (or cannot price right now).
  if (response.status === 400 && typeof message === 'string' && message.trim() !== '')
    return { kind: 'error', message };
  if (!response.ok && typeof message === 'string' && message.trim() !== '')
    return { kind: 'none', message };
  return { kind: 'none', message: MESSAGES.DELIVERY_NO_ESTIMATE };
}
