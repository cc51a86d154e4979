// The deposit taken on a card: the card's id from Stripe.js (the card details go to
// Stripe, never to our API), 3-D Secure finished in the browser, and the words the
// shopper reads once the card is held.
import type { CardPayment } from '../../types/generated/CardPayment';
import { loadStripe, type StripeCardElement, type StripeClient } from './stripe-js';

/** The reserve page's card deposit (its props' `card_payment`). */
export type CardPaymentView = CardPayment;

/** A mounted card field: the Stripe object and its card element. */
export interface CardHandle {
  stripe: StripeClient;
  card: StripeCardElement;
}

/** Makes the Stripe object for a card deposit (tests pass a fake one). */
export type StripeLoader = (payment: CardPaymentView) => Promise<StripeClient>;

/** Stripe.js from the page's URL, with the dealer's publishable key. */
export const loadStripeFor: StripeLoader = async (payment) =>
  (await loadStripe(payment.js_url))(payment.publishable_key);

/** The field name the API names a card's problems by. */
export const PAYMENT_METHOD_FIELD = 'payment_method';

export const CARD_NOT_READY =
  'The card field is still loading. Please wait a moment and try again.';
const CARD_INCOMPLETE = 'Please check your card number, expiry date and security code.';
export const AUTHENTICATION_FAILED =
  'Your bank did not confirm this payment. Please try again or use another card.';

/** The id Stripe.js gives the card (a token), or why it could not (an incomplete or
 *  invalid number, in Stripe's words). */
export async function cardToken(
  handle: CardHandle,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  try {
    const result = await handle.stripe.createToken(handle.card);
    if (result.token?.id) return { ok: true, id: result.token.id };
    return { ok: false, message: result.error?.message?.trim() || CARD_INCOMPLETE };
  } catch {
    return { ok: false, message: CARD_INCOMPLETE };
  }
}

/** Shows the bank's 3-D Secure check for `clientSecret`. The server creates and confirms
 *  the PaymentIntent with automatic confirmation, so Stripe.js's confirmCardPayment
 *  finishes its next action (the local stand-in has it too); handleCardAction serves a
 *  Stripe.js without it. Answers Stripe's reason when the check failed, else null; either
 *  way the server is asked next, and it decides. */
export async function authenticate(
  stripe: StripeClient,
  clientSecret: string,
): Promise<string | null> {
  try {
    const result = stripe.confirmCardPayment
      ? await stripe.confirmCardPayment(clientSecret)
      : stripe.handleCardAction
        ? await stripe.handleCardAction(clientSecret)
        : { error: { message: AUTHENTICATION_FAILED } };
    return result.error ? result.error.message?.trim() || AUTHENTICATION_FAILED : null;
  } catch {
    return AUTHENTICATION_FAILED;
  }
}

/** "Monday 30 November at 2:15 pm": when a hold ends, in the shopper's time. */
export function holdEnds(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.toLocaleDateString('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const time = date.toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time}`;
}

/** What the shopper reads once the card is held. */
export function heldText(deposit: number, expiresAt: string): string {
  const ends = holdEnds(expiresAt);
  return (
    `Reserved. $${deposit} is held on your card${ends ? ` until ${ends}` : ''}. ` +
    'Nothing is taken unless you go ahead with the purchase; otherwise the hold is released.'
  );
}
