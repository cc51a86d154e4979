// The card deposit's pieces without the form: which Stripe.js call finishes 3-D Secure,
// what a failed check says, and the held message.
import { describe, expect, it, vi } from 'vitest';
import { authenticate, AUTHENTICATION_FAILED, cardToken, heldText, holdEnds } from './card-payment';
import type { StripeClient } from './stripe-js';

const base = {
  elements: () => ({ create: () => ({ mount: vi.fn(), destroy: vi.fn(), on: vi.fn() }) }),
  createToken: vi.fn(async () => ({ token: { id: 'tok_1' } })),
};

describe('authenticate', () => {
  it('finishes the automatically confirmed PaymentIntent with confirmCardPayment', async () => {
    const confirmCardPayment = vi.fn(async () => ({
      paymentIntent: { id: 'pi', status: 'requires_capture' },
    }));
    const handleCardAction = vi.fn(async () => ({}));
    const stripe: StripeClient = { ...base, confirmCardPayment, handleCardAction };
    expect(await authenticate(stripe, 'pi_secret')).toBeNull();
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_secret');
    expect(handleCardAction).not.toHaveBeenCalled();
  });

  it('uses handleCardAction where Stripe.js has no confirmCardPayment', async () => {
    const handleCardAction = vi.fn(async () => ({
      error: { message: ' Authentication failed. ' },
    }));
    expect(await authenticate({ ...base, handleCardAction }, 'pi_secret')).toBe(
      'Authentication failed.',
    );
  });

  it('says the bank did not confirm when Stripe.js throws or gives no reason', async () => {
    const throwing = vi.fn(async () => Promise.reject(new Error('closed')));
    expect(await authenticate({ ...base, confirmCardPayment: throwing }, 's')).toBe(
      AUTHENTICATION_FAILED,
    );
    const silent = vi.fn(async () => ({ error: {} }));
    expect(await authenticate({ ...base, confirmCardPayment: silent }, 's')).toBe(
      AUTHENTICATION_FAILED,
    );
  });
});

describe('cardToken', () => {
  it("answers the token's id, or Stripe's reason", async () => {
    const card = base.elements().create();
    expect(await cardToken({ stripe: base, card })).toEqual({ ok: true, id: 'tok_1' });
    const refusing = {
      ...base,
      createToken: async () => ({ error: { message: 'Your card number is invalid.' } }),
    };
    expect(await cardToken({ stripe: refusing, card })).toEqual({
      ok: false,
      message: 'Your card number is invalid.',
    });
  });
});

describe('heldText', () => {
  it('says Reserved, the amount held and when the hold ends', () => {
    const ends = holdEnds('2026-11-30T04:00:00Z');
    expect(ends).toMatch(/^\w+day \d+ November at \d{1,2}:\d{2}\s?(am|pm)$/);
    expect(heldText(200, '2026-11-30T04:00:00Z')).toBe(
      `Reserved. $200 is held on your card until ${ends}. Nothing is taken unless you go ahead with the purchase; otherwise the hold is released.`,
    );
  });

  it('leaves out an end it cannot read', () => {
    expect(heldText(500, 'soon')).toMatch(/^Reserved\. \$500 is held on your card\. /);
  });
});
