// /online-payment's "Cancel my reservation": the signed-in shopper releases a live hold
// (and the card's authorisation) through the API, and reads the server's reason when it
// cannot.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../testing/fetch';
import { recordReservation } from './records';
import { resetSession } from './session';
import { CANCELLED_TEXT, OnlinePaymentView } from './online-payment-view';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const terms = { deposit: 200, hold_hours: 48, pay_note: 'The deposit is held on your card.' };

function holdOf(cancel: Response) {
  recordReservation({
    reservation_id: 'R9',
    car: {
      id: 9,
      name: '2023 Toyota Camry Ascent',
      slug: 'car-9',
      make: 'Toyota',
      model: 'Camry',
      primary_image_url: '',
    },
    expires_at: '2026-11-30T06:00:00Z',
    made_at: '2026-11-28T06:00:00Z',
  });
  const fetchMock = mockFetch().mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/session') return answer(200, { signed_in: true, phone: '0412345678' });
    if (url === '/api/reservations/9')
      return answer(200, { car_id: 9, reserved: true, expires_at: '2026-11-30T06:00:00Z' });
    if (url === '/api/reservations/R9/cancel') return cancel;
    throw new Error(`unexpected ${url}`);
  });
  render(<OnlinePaymentView terms={terms} searchPath="/search/used-cars" />);
  return fetchMock;
}

describe('cancelling a reservation from /online-payment', () => {
  it('cancels a live hold through the API and says the car is free again', async () => {
    const fetchMock = holdOf(answer(200, { reservation_id: 'R9', status: 'cancelled' }));
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Cancel my reservation of the 2023 Toyota Camry Ascent',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(CANCELLED_TEXT);
    const call = fetchMock.mock.calls.find(
      ([url]) => String(url) === '/api/reservations/R9/cancel',
    );
    expect(call?.[1]?.method).toBe('POST');
    expect(screen.queryByRole('button', { name: /Cancel my reservation/ })).toBeNull();
  });

  it("shows the server's reason when the hold cannot be cancelled", async () => {
    holdOf(
      answer(403, {
        success: false,
        code: 'forbidden',
        message: 'Sign in with the phone number this car was reserved with to cancel it.',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /Cancel my reservation/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign in with the phone number this car was reserved with to cancel it.',
    );
    expect(screen.getByRole('button', { name: /Cancel my reservation/ })).toBeTruthy();
  });
});
