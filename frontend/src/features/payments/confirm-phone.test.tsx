// The reserve form of a dealer paid at the dealership: the API holds a car only under a
// phone the shopper confirmed by signing in, so the form asks for the texted code first
// (the sign-in steps, inline, starting with the number typed) and then reserves; a
// shopper signed in with that number reserves at once; a session that ended meanwhile
// (401) or another number's (403) brings the code step back; and the shopper can go
// back to the details without anything being sent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../testing/fetch';
import { MESSAGES } from '../../types/generated/messages';
import { SIGN_IN_REASONS } from '../account/sign-in';
import { phoneDigits } from '../forms/lead-form';
import { fillDetails, renderReserveForm, setUpReserveTests } from '../../testing/reserve-form';

const held = () =>
  answer(201, {
    reservation_id: 'r1',
    car_id: 42,
    status: 'awaiting_payment',
    deposit: 200,
    hold_hours: 48,
    expires_at: '2026-11-30T04:00:00Z',
    message: 'We are holding this car for you for 48 hours.',
  });

const { fetchMock, navigate } = setUpReserveTests();

/** The calls to `path`, with their JSON bodies. */
const callsTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit | undefined)?.body ?? 'null')));

/** The API: the session, sign-in codes, and `reserve` for POST /api/reservations. */
function api(reserve: () => Response) {
  fetchMock.mockImplementation(async (url: RequestInfo | URL) => {
    switch (String(url)) {
      case '/api/session':
        return answer(200, { signed_in: false, phone: null });
      case '/api/auth/request-code':
        return answer(200, { success: true, phone: '0412345678', expires_in: 300 });
      case '/api/auth/verify':
        return answer(200, { success: true, phone: '0412345678' });
      case '/api/reservations':
        return reserve();
      default:
        return answer(200, { car_id: 42, reserved: false });
    }
  });
}

/** Sends the code to the number shown and enters it. */
async function confirmWithCode() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
  const code = await screen.findByRole('textbox', { name: '6-digit code' });
  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('reserving with the deposit paid at the dealership', () => {
  it('asks for the texted code for the number typed, then reserves under it', async () => {
    api(held);
    renderReserveForm();
    fillDetails('0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    const heading = await screen.findByRole('heading', { name: 'Confirm your mobile number' });
    await waitFor(() => expect(document.activeElement).toBe(heading.closest('section')));
    // The step says why the number is asked for, as the API would.
    expect(screen.getByText(MESSAGES.PHONE_NOT_VERIFIED)).toBeTruthy();
    expect(screen.queryByText(SIGN_IN_REASONS.checkout)).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Mobile number' }) as HTMLInputElement).value).toBe(
      '0412 345 678',
    );
    // The details wait behind the code step; nothing was sent yet.
    expect(screen.queryByRole('button', { name: 'Reserve Now' })).toBeNull();
    expect(callsTo('/api/reservations')).toEqual([]);
    await confirmWithCode();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(callsTo('/api/auth/request-code')).toEqual([{ phone: '0412 345 678' }]);
    expect(callsTo('/api/auth/verify')).toEqual([{ phone: '0412345678', code: '123456' }]);
    const [sent] = callsTo('/api/reservations');
    expect(sent).toMatchObject({ car_id: 42, name: 'Jo', phone: '0412345678' });
  });

  it('reserves at once for a shopper signed in with the number typed', async () => {
    api(held);
    renderReserveForm({ verifiedPhone: async () => '0412345678' });
    fillDetails('+61 412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(screen.queryByRole('heading', { name: 'Confirm your mobile number' })).toBeNull();
    expect(callsTo('/api/auth/request-code')).toEqual([]);
    expect(callsTo('/api/reservations')).toHaveLength(1);
  });

  it('asks for the code again when the API says the session is not this number', async () => {
    const answers = [
      answer(403, {
        success: false,
        code: 'phone_not_signed_in',
        message: 'The car is held under the mobile number you confirmed.',
        fields: { phone: 'The car is held under the mobile number you confirmed.' },
      }),
      held(),
    ];
    api(() => answers.shift() ?? held());
    renderReserveForm({ verifiedPhone: async () => '0412345678' });
    fillDetails('0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    await screen.findByRole('heading', { name: 'Confirm your mobile number' });
    expect(screen.getByText(MESSAGES.PHONE_NOT_SIGNED_IN)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    await confirmWithCode();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(callsTo('/api/reservations')).toHaveLength(2);
  });

  it('tells a shopper signed in with another number why this one needs a code', async () => {
    api(held);
    renderReserveForm({ verifiedPhone: async () => '0499999999' });
    fillDetails('0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    await screen.findByRole('heading', { name: 'Confirm your mobile number' });
    expect(screen.getByText(MESSAGES.PHONE_NOT_SIGNED_IN)).toBeTruthy();
    expect(screen.queryByText(SIGN_IN_REASONS.checkout)).toBeNull();
    expect(callsTo('/api/reservations')).toEqual([]);
  });

  it('goes back to the details without sending anything', async () => {
    api(held);
    renderReserveForm({ verifiedPhone: async () => '0499999999' });
    fillDetails('0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to my details' }));
    expect(screen.getByRole('button', { name: 'Reserve Now' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe(
      '0412 345 678',
    );
    expect(callsTo('/api/reservations')).toEqual([]);
    expect(callsTo('/api/auth/request-code')).toEqual([]);
  });
});

describe('phoneDigits', () => {
  it('spells an Australian number as the API keeps it', () => {
    expect(phoneDigits('+61 412 345 678')).toBe('0412345678');
    expect(phoneDigits('0412 345 678')).toBe('0412345678');
    expect(phoneDigits(null)).toBe('');
  });
});
