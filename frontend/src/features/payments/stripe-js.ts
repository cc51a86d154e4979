// Stripe.js, loaded from the URL the page's props name (Stripe's own in production, a
// local stand-in in tests and the demo) and only by the pages that take a card: no other
// page fetches it. Typed to the subset of its API the deposit uses, which the local
// stand-in (localstripe) implements as well: a card element, createToken, and finishing
// 3-D Secure.

/** An error as Stripe.js reports it. */
interface StripeError {
  message?: string;
  code?: string;
  decline_code?: string;
}

/** What a card element's change event carries (the stand-in sends nothing). */
interface CardChange {
  error?: StripeError;
  complete?: boolean;
}

/** Stripe.js's card element. */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (change?: CardChange) => void): void;
}

/** The PaymentIntent as Stripe.js answers it (only what the deposit reads). */
interface StripeIntentResult {
  paymentIntent?: { id: string; status: string };
  error?: StripeError;
}

/** A Stripe object (`Stripe(publishableKey)`). */
export interface StripeClient {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createToken(card: StripeCardElement): Promise<{ token?: { id: string }; error?: StripeError }>;
  /** Finishes a PaymentIntent's next action (3-D Secure) when it is confirmed
   *  automatically, as the server creates it. */
  confirmCardPayment?(clientSecret: string): Promise<StripeIntentResult>;
  /** The same for a PaymentIntent confirmed manually on the server. */
  handleCardAction?(clientSecret: string): Promise<StripeIntentResult>;
}

/** `window.Stripe`. */
type StripeFactory = (publishableKey: string) => StripeClient;

/** Told to the shopper when Stripe.js does not load (blocked, offline). */
export const CARD_FIELD_UNAVAILABLE =
  'The card field could not be loaded. Check your connection and reload the page to reserve this car.';

const loading = new Map<string, Promise<StripeFactory>>();

/** Stripe.js from `jsUrl`: its script is added to the page once, on first use. */
export function loadStripe(jsUrl: string): Promise<StripeFactory> {
  const known = loading.get(jsUrl);
  if (known) return known;
  const loaded = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = jsUrl;
    script.async = true;
    script.addEventListener('load', () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (typeof factory === 'function') resolve(factory);
      else reject(new Error(CARD_FIELD_UNAVAILABLE));
    });
    script.addEventListener('error', () => {
      // A later attempt (the shopper reloads the field) tries again.
      loading.delete(jsUrl);
      script.remove();
      reject(new Error(CARD_FIELD_UNAVAILABLE));
    });
    document.head.appendChild(script);
  });
  loading.set(jsUrl, loaded);
  return loaded;
}
