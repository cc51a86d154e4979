// The reserve form of a dealer that holds the deposit on a card, with a fake Stripe object
// (no network, no Stripe.js): the card's id is posted, a held card shows "Reserved" with
// the amount and the hold's end, a decline shows the issuer's reason beside the card
// field and another card can be tried, and 3-D Secure is finished then confirmed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../testing/fetch';
import { reserveView } from '../../testing/form-views';
import { CARD_FIELD_UNAVAILABLE, type StripeClient } from './stripe-js';
import { heldText, type StripeLoader } from './card-payment';
import { fillDetails, renderReserveForm, setUpReserveTests } from '../../testing/reserve-form';

const view = {
  ...reserveView,
  card_payment: {
    publishable_key: 'pk_test_abc',
    js_url: 'http://127.0.0.1:9/js.stripe.com/v3/',
    deposit: 200,
  },
};

const EXPIRES = '2026-11-30T04:00:00Z';
const held = (id: string) =>
  answer(201, {
    reservation_id: id,
    car_id: 42,
    status: 'held',
    deposit: 200,
    hold_hours: 48,
    expires_at: EXPIRES,
    message: 'This car is reserved for you for 48 hours.',
  });
/** The hold of reservation `id` waits for 3-D Secure with the payment `secret`. */
const requiresAction = (id: string, secret: string, message: string) =>
  answer(201, {
    reservation_id: id,
    car_id: 42,
    status: 'requires_action',
    client_secret: secret,
    deposit: 200,
    hold_hours: 48,
    expires_at: EXPIRES,
    message,
  });
const declined = (reason: string) =>
  answer(402, {
    success: false,
    error: 'card_declined',
    code: 'card_declined',
    message: reason,
    fields: { payment_method: reason },
  });

/** A Stripe object whose card element is one input; `tokens` are what createToken answers
 *  in turn. */
function fakeStripe(tokens: Array<{ token?: { id: string }; error?: { message: string } }>) {
  const changes: Array<() => void> = [];
  const card = {
    mount: vi.fn((target: HTMLElement) => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      target.appendChild(input);
    }),
    destroy: vi.fn(),
    on: vi.fn((_: 'change', handler: () => void) => {
      changes.push(handler);
    }),
  };
  const stripe = {
    elements: () => ({ create: () => card }),
    createToken: vi.fn(async () => tokens.shift() ?? { error: { message: 'no token' } }),
    confirmCardPayment: vi.fn(async () => ({
      paymentIntent: { id: 'pi_1', status: 'requires_capture' },
    })),
  } satisfies StripeClient;
  return {
    stripe,
    card,
    load: vi.fn(async () => stripe),
    change: () => changes.forEach((h) => h()),
  };
}

const { fetchMock, navigate } = setUpReserveTests();
// A failed submission alerts, and jsdom has no alert of its own.
beforeEach(() => vi.stubGlobal('alert', vi.fn()));

function renderForm(load: StripeLoader) {
  renderReserveForm({ view, loadStripe: load });
}

async function fillAndSubmit() {
  fillDetails('0412 345 678');
  await screen.findByRole('textbox', { name: 'Card number' });
  fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
}

const posted = (call: number) =>
  JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as Record<string, unknown>;

describe('a card deposit on the reserve form', () => {
  it('mounts the card element in a labelled group and posts only the card id', async () => {
    const fake = fakeStripe([{ token: { id: 'tok_visa' } }]);
    fetchMock.mockResolvedValueOnce(held('r1'));
    renderForm(fake.load);
    const group = screen.getByRole('group', { name: 'Card for the $200 deposit' });
    expect(group.getAttribute('aria-busy')).toBe('true');
    await fillAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(fake.load).toHaveBeenCalledWith(view.card_payment);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reservations');
    expect(posted(0)).toMatchObject({ payment_method: 'tok_visa', car_id: 42 });
    // Reserved, the amount held and when the hold ends, where the success page reads it.
    const text = heldText(200, EXPIRES);
    expect(text).toMatch(/^Reserved\. \$200 is held on your card until \w+day \d+ November at /);
    const marker = JSON.parse(window.localStorage.getItem('forecourt:success') ?? 'null') as {
      text: string;
    };
    expect(marker.text).toBe(text);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("shows the issuer's reason beside the card field, then holds with another card", async () => {
    const fake = fakeStripe([{ token: { id: 'tok_declined' } }, { token: { id: 'tok_visa' } }]);
    fetchMock.mockResolvedValueOnce(declined('Your card was declined.'));
    fetchMock.mockResolvedValueOnce(held('r2'));
    renderForm(fake.load);
    await fillAndSubmit();
    const reason = await screen.findByRole('alert');
    expect(reason.textContent).toBe('Your card was declined.');
    const group = screen.getByRole('group', { name: 'Card for the $200 deposit' });
    expect(group.getAttribute('aria-describedby')).toContain(reason.id);
    expect(navigate).not.toHaveBeenCalled();
    // The form is still there, filled in: another card is tried.
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      'jo@example.com',
    );
    fake.change();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(posted(1).payment_method).toBe('tok_visa');
    // A new submission: its own idempotency key.
    const key = (call: number) =>
      (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
    expect(key(1)).not.toBe(key(0));
  });

  it("shows Stripe's own check of the card without posting anything", async () => {
    const fake = fakeStripe([{ error: { message: 'Your card number is incomplete.' } }]);
    renderForm(fake.load);
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('finishes 3-D Secure with Stripe.js, then confirms the hold on the server', async () => {
    const fake = fakeStripe([{ token: { id: 'tok_3ds' } }]);
    fetchMock.mockResolvedValueOnce(
      requiresAction('r3', 'pi_1_secret_2', 'Confirm the payment with your bank.'),
    );
    fetchMock.mockResolvedValueOnce(held('r3'));
    renderForm(fake.load);
    await fillAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/reservations/r3/confirm');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(await screen.findByText(heldText(200, EXPIRES))).toBeTruthy();
  });

  it("shows the server's reason when 3-D Secure was not completed", async () => {
    const fake = fakeStripe([{ token: { id: 'tok_3ds' } }]);
    fake.stripe.confirmCardPayment.mockResolvedValueOnce({
      error: { message: 'We are unable to authenticate your payment method.' },
    } as never);
    fetchMock.mockResolvedValueOnce(requiresAction('r4', 'pi_4_secret_2', ''));
    fetchMock.mockResolvedValueOnce(declined('The card was not authenticated.'));
    renderForm(fake.load);
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('The card was not authenticated.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a dealer paid at the dealership without a card field or Stripe.js', async () => {
    const fake = fakeStripe([]);
    fetchMock.mockResolvedValueOnce(
      answer(201, { reservation_id: 'r5', car_id: 42, status: 'awaiting_payment' }),
    );
    renderReserveForm({ verifiedPhone: async () => '0412345678', loadStripe: fake.load });
    expect(screen.queryByRole('group', { name: /deposit/ })).toBeNull();
    fillDetails('0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(fake.load).not.toHaveBeenCalled();
    expect(posted(0)).not.toHaveProperty('payment_method');
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    renderForm(() => Promise.reject(new Error('blocked')));
    expect((await screen.findByRole('alert')).textContent).toBe(CARD_FIELD_UNAVAILABLE);
  });
});
