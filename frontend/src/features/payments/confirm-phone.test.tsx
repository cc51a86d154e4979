// The reserve form of a dealer paid at the dealership: the API holds a car only under a
// phone the shopper confirmed by signing in, so the form asks for the texted code first
// (the sign-in steps, inline, starting with the number typed) and then reserves; a
// shopper signed in with that number reserves at once; a session that ended meanwhile
// (401) or another number's (403) brings the code step back; and the shopper can go
// back to the details without anything being sent.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormPageView } from '../../types/generated/FormPageView';
import { answer } from '../../components/test-fetch';
import { resetSession } from '../../components/account/session';
import { LeadForm, phoneDigits } from '../forms/lead-form';
import { field } from '../forms/test-fields';
import { baseView, contactFields } from '../forms/test-views';

const view: FormPageView = {
  ...baseView,
  title: 'Reserve this car',
  intro: 'Reserve it online.',
  kind: 'reservation',
  form_id: 'reserve-form',
  category: 'Reservation',
  subcategory: null,
  api_path: '/api/reservations',
  submit_label: 'Reserve Now',
  thank_you: { title: 'Thank You', text: 'This car is reserved for you for 48 hours.' },
  steps: [
    {
      title: null,
      fields: [...contactFields, field('car_id', 'Car', 'hidden', { default_value: '42' })],
    },
  ],
  card_payment: null,
};

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

let fetchMock: ReturnType<typeof vi.fn>;
const navigate = vi.fn();
const browser = () => ({
  url: 'http://acme.localhost/cars/car-42/checkout',
  userAgent: 'test-agent',
  query: new URLSearchParams(),
});

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
  navigate.mockReset();
});

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

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

function fill(phone: string) {
  const text = (name: string, value: string) =>
    fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
  text('First name', 'Jo');
  text('Email', 'jo@example.com');
  text('Phone', phone);
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
    render(
      <LeadForm
        view={view}
        dealershipSlug="acme"
        browser={browser}
        navigate={navigate}
        verifiedPhone={async () => null}
      />,
    );
    fill('0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    const heading = await screen.findByRole('heading', { name: 'Confirm your mobile number' });
    await waitFor(() => expect(document.activeElement).toBe(heading.closest('section')));
    expect(screen.getByText('Sign in to reserve or buy this car online.')).toBeTruthy();
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
    render(
      <LeadForm
        view={view}
        dealershipSlug="acme"
        browser={browser}
        navigate={navigate}
        verifiedPhone={async () => '0412345678'}
      />,
    );
    fill('+61 412 345 678');
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
    render(
      <LeadForm
        view={view}
        dealershipSlug="acme"
        browser={browser}
        navigate={navigate}
        verifiedPhone={async () => '0412345678'}
      />,
    );
    fill('0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    await screen.findByRole('heading', { name: 'Confirm your mobile number' });
    expect(navigate).not.toHaveBeenCalled();
    await confirmWithCode();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(callsTo('/api/reservations')).toHaveLength(2);
  });

  it('goes back to the details without sending anything', async () => {
    api(held);
    render(
      <LeadForm
        view={view}
        dealershipSlug="acme"
        browser={browser}
        navigate={navigate}
        verifiedPhone={async () => '0499999999'}
      />,
    );
    fill('0412 345 678');
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
