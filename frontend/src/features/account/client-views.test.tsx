import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteContext } from '../../lib/site-context';
import { testCard } from '../../testing/card';
import { answer, mockFetch } from '../../testing/fetch';
import { testSite } from '../../testing/site';
import { describeSearch, GarageView } from './garage-view';
import { OnlinePaymentView } from './online-payment-view';
import { PrintView } from './print-view';
import { recordEnquiry, recordReservation, recordSearch, saveSuccess } from './records';
import { resetSession } from './session';
import { SuccessView } from './success-view';
import { markJourneyStart, rememberJourneyToken } from '../journey/journey-token';
import { resetSavedIds } from './watchlist';
import { WatchlistView } from './watchlist-view';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  resetSession();
  resetSavedIds();
  vi.unstubAllGlobals();
});

const searchAnswer = (hits: unknown[]) =>
  answer(200, { hits, count: hits.length, page: 0, pages: 1, facets: {} });

describe('WatchlistView', () => {
  it('shows the saved cars the search still lists, and names the others from the local favourites', async () => {
    window.localStorage.setItem(
      'forecourt:favourites',
      JSON.stringify([
        {
          id: 9,
          name: '2019 Mazda CX-5 Maxx',
          slug: 'cx5',
          make: 'Mazda',
          model: 'CX-5',
          primary_image_url: '',
        },
      ]),
    );
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }))
      .mockResolvedValueOnce(answer(200, { success: true, watchlist: [{ id: 7 }, { id: 9 }] }))
      .mockResolvedValueOnce(searchAnswer([testCard]))
      .mockResolvedValueOnce(
        answer(200, { success: true, message: 'Car Removed', watchlist: [{ id: 7 }] }),
      );
    render(
      <SiteContext.Provider value={testSite}>
        <WatchlistView searchPath="/search/used-cars" />
      </SiteContext.Provider>,
    );
    expect(await screen.findByRole('link', { name: '2022 Toyota RAV4 GX' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[2]?.[0])).toBe('/api/search?hitsPerPage=100&ids=7%2C9');
    expect(screen.getByText('2 saved cars')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No longer available' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove 2019 Mazda CX-5 Maxx' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'No longer available' })).toBeNull(),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[3]?.[1]?.body))).toEqual({
      phone_number: '0412345678',
      car_id: 9,
    });
  });

  it('drops a car un-saved from its card and counts again at once', async () => {
    window.history.replaceState(null, '', '/watchlist');
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }))
      .mockResolvedValueOnce(answer(200, { success: true, watchlist: [{ id: 7 }, { id: 9 }] }))
      .mockResolvedValueOnce(
        searchAnswer([testCard, { ...testCard, id: 9, name: '2019 Mazda CX-5 Maxx', slug: 'cx5' }]),
      )
      .mockResolvedValueOnce(
        answer(200, { success: true, message: 'Car Removed', watchlist: [{ id: 9 }] }),
      );
    render(
      <SiteContext.Provider value={testSite}>
        <WatchlistView searchPath="/search/used-cars" />
      </SiteContext.Provider>,
    );
    expect(await screen.findByText('2 saved cars')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Save 2022 Toyota RAV4 GX to your watchlist' }),
    );
    await waitFor(() => expect(screen.getByText('1 saved car')).toBeTruthy());
    expect(screen.queryByRole('link', { name: '2022 Toyota RAV4 GX' })).toBeNull();
    expect(screen.getByRole('link', { name: '2019 Mazda CX-5 Maxx' })).toBeTruthy();
  });

  it('says so when nothing is saved', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }))
      .mockResolvedValueOnce(answer(200, { success: true, watchlist: [] }));
    render(<WatchlistView searchPath="/search/used-cars" />);
    expect(await screen.findByText(/You have not saved any cars yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse our stock' }).getAttribute('href')).toBe(
      '/search/used-cars',
    );
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }))
      .mockResolvedValueOnce(answer(503, { success: false, message: 'Try again soon.' }));
    render(<WatchlistView searchPath="/search/used-cars" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Try again soon.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('SuccessView', () => {
  const marker = {
    title: 'Thank You',
    text: 'Our team will call you shortly.',
    form: 'Book a Test Drive',
    car: {
      id: 7,
      name: '2022 Toyota RAV4 GX',
      slug: 'rav4',
      make: 'Toyota',
      model: 'RAV4',
      primary_image_url: '',
    },
    at: '2026-11-24T06:00:00Z',
  };

  it('shows what was sent, one thank you, a way back to the car and the garage of a signed-in shopper', async () => {
    saveSuccess(marker);
    mockFetch().mockResolvedValue(answer(200, { signed_in: true, phone: '0412345678' }));
    render(
      <SiteContext.Provider value={{ ...testSite, garage_path: '/my-garage' }}>
        <h1>Thank You</h1>
        <SuccessView searchPath="/search/used-cars" heading="Thank You" />
      </SiteContext.Provider>,
    );
    expect(await screen.findByText('Our team will call you shortly.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Back to 2022 Toyota RAV4 GX' }).getAttribute('href'),
    ).toBe('/cars/rav4');
    expect(
      (await screen.findByRole('link', { name: 'Go to your garage' })).getAttribute('href'),
    ).toBe('/my-garage');
    expect(screen.getAllByText(/thank you/i)).toHaveLength(1);
  });

  it('offers to cancel a reservation just made, and nothing to cancel after an enquiry', async () => {
    mockFetch().mockResolvedValue(answer(200, { signed_in: true, phone: '0412345678' }));
    saveSuccess(marker);
    const view = () => (
      <SuccessView searchPath="/search/used-cars" heading="Thank You" key={Math.random()} />
    );
    const { rerender } = render(view());
    expect(await screen.findByText('Our team will call you shortly.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel my reservation' })).toBeNull();
    saveSuccess({ ...marker, reservation_id: 'R1' });
    rerender(view());
    const cancel = await screen.findByRole('link', { name: 'Cancel my reservation' });
    expect(cancel.getAttribute('href')).toBe('/online-payment');
    expect(cancel.className).toBe('button button--secondary');
  });

  it('offers no garage to a signed-out shopper', async () => {
    saveSuccess(marker);
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValue(answer(200, { signed_in: false, phone: null }));
    render(
      <SiteContext.Provider value={{ ...testSite, garage_path: '/my-garage' }}>
        <SuccessView searchPath="/search/used-cars" heading="Thank You" />
      </SiteContext.Provider>,
    );
    expect(await screen.findByText('Our team will call you shortly.')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole('link', { name: 'Go to your garage' })).toBeNull();
  });

  it('leads back to the buy-online journey after a reservation made from it', async () => {
    saveSuccess(marker);
    mockFetch().mockResolvedValue(answer(200, { signed_in: false, phone: null }));
    const view = () => (
      <SuccessView searchPath="/search/used-cars" heading="Thank You" key={Math.random()} />
    );
    // Reserved from the car page: no journey to go back to.
    rememberJourneyToken(7, `R1.${'a'.repeat(64)}`);
    const { rerender } = render(view());
    expect(await screen.findByText('Our team will call you shortly.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue buying online' })).toBeNull();
    // Reserved after leaving the journey of this car.
    markJourneyStart(7);
    rerender(view());
    expect(
      (await screen.findByRole('link', { name: 'Continue buying online' })).getAttribute('href'),
    ).toBe('/checkout-journey?car_id=rav4');
    expect(screen.getByRole('link', { name: 'Back to 2022 Toyota RAV4 GX' }).className).toContain(
      'button--secondary',
    );
  });

  it('thanks the shopper without a marker, without a second thank you', async () => {
    mockFetch().mockResolvedValue(answer(200, { signed_in: false, phone: null }));
    render(
      <>
        <h1>Thank You</h1>
        <SuccessView searchPath="/search/used-cars" heading="Thank You" />
      </>,
    );
    expect(await screen.findByText(/Our team will contact you shortly/)).toBeTruthy();
    expect(screen.getAllByText(/thank you/i)).toHaveLength(1);
  });
});

describe('PrintView', () => {
  const page = (props: unknown) =>
    new Response(
      `<!doctype html><html><body><div id="root"></div><script type="application/json" id="__FORECOURT_PROPS__">${JSON.stringify(props)}</script></body></html>`,
      {
        status: 200,
        headers: { 'content-type': 'text/html' },
      },
    );

  it('reads the car from its page and lays it out for printing', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(
      page({
        site: testSite,
        gate: null,
        page: {
          card: testCard,
          images: [],
          key_chips: ['2022', '12,345 km', 'Automatic'],
          key_information: [{ label: 'Odometer', value: '12,345 km' }],
          specifications: [{ label: 'Transmission', value: 'Automatic' }],
          features: ['Reversing camera'],
          comments: {
            paragraphs: ['One owner.'],
            short_paragraphs: ['One owner.'],
            truncated: false,
            pending: false,
          },
          location: { name: 'Acme Springwood', url: null },
          map: {
            name: 'Acme Springwood',
            street: '1 Main Street',
            locality: 'Springwood QLD 4127',
            directions_url: '',
            location_url: null,
          },
          phone: { display: '07 3333 ••••', href: 'tel:0733331234', masked: true },
          sold_notice: null,
        },
      }),
    );
    render(<PrintView search={() => '?car_id=2022-toyota-rav4-gx'} />);
    expect(await screen.findByRole('heading', { name: '2022 Toyota RAV4 GX' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/cars/2022-toyota-rav4-gx/');
    // One sheet: the dealer (logo, address, phone), photo, price, finance line and key specs.
    expect(screen.getByRole('img', { name: testSite.name })).toBeTruthy();
    expect(screen.getByText('1 Main Street, Springwood QLD 4127')).toBeTruthy();
    expect(screen.getByText('Call 0733331234')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Odometer' })).toBeTruthy();
    expect(screen.getByText('2022 · 12,345 km · Automatic')).toBeTruthy();
    expect(document.querySelector('.print-sheet__finance')?.textContent).toBe(
      '$123/wk · Interest rate 7.99% p.a. · Comparison rate 8.19% p.a.*',
    );
    // The long lists stay on the car's page, so the sheet fits one page.
    expect(screen.queryByRole('rowheader', { name: 'Transmission' })).toBeNull();
    expect(screen.queryByText('Reversing camera')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Print this page' })),
    );
  });

  it('says when the car is not there, without asking for a bad slug', async () => {
    const fetchMock = mockFetch();
    render(<PrintView search={() => '?car_id=..%2F..%2Fetc'} />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find that car');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('OnlinePaymentView', () => {
  const car = (id: number, name: string) => ({
    id,
    name,
    slug: `car-${id}`,
    make: 'Toyota',
    model: 'RAV4',
    primary_image_url: '',
  });

  it('lists the deposits of live holds and drops a reservation whose hold has lapsed', async () => {
    recordReservation({
      reservation_id: 'R1',
      car: car(7, '2022 Toyota RAV4 GX'),
      expires_at: '2026-11-26T06:00:00Z',
      made_at: '2026-11-24T06:00:00Z',
    });
    recordReservation({
      reservation_id: 'R2',
      car: car(8, '2021 Toyota Corolla Ascent'),
      expires_at: '2026-11-20T06:00:00Z',
      made_at: '2026-11-18T06:00:00Z',
    });
    mockFetch().mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/session') return answer(200, { signed_in: true, phone: '0412345678' });
      if (url === '/api/reservations/7')
        return answer(200, { car_id: 7, reserved: true, expires_at: '2026-11-26T06:00:00Z' });
      if (url === '/api/reservations/8') return answer(200, { car_id: 8, reserved: false });
      throw new Error(`unexpected ${url}`);
    });
    render(
      <OnlinePaymentView
        terms={{ deposit: 500, hold_hours: 48, pay_note: 'Pay the deposit at the dealership.' }}
        searchPath="/search/used-cars"
      />,
    );
    expect(await screen.findByText(/Held until/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '2021 Toyota Corolla Ascent' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: '2022 Toyota RAV4 GX' }).getAttribute('href')).toBe(
      '/cars/car-7',
    );
    expect(screen.getByText(/Deposit \$500, fully refundable/)).toBeTruthy();
    expect(screen.getByText('Pay the deposit at the dealership.')).toBeTruthy();
  });

  it('says where to go when nothing waits for a deposit', async () => {
    mockFetch().mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }));
    render(<OnlinePaymentView terms={null} searchPath="/search/used-cars" />);
    expect(
      await screen.findByText('No reservation from this device is waiting for its deposit.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a car to reserve' }).getAttribute('href')).toBe(
      '/search/used-cars',
    );
  });

  it('asks for sign-in before it lists anything', async () => {
    mockFetch().mockResolvedValueOnce(answer(200, { signed_in: false }));
    render(<OnlinePaymentView terms={null} searchPath="/search/used-cars" />);
    expect(screen.getByRole('status').textContent).toBe('Checking whether you are signed in…');
    expect(await screen.findByText('Taking you to sign in…')).toBeTruthy();
  });
});

describe('GarageView', () => {
  it('lists the saved count, reservations with their live hold, enquiries and recent searches', async () => {
    const car = {
      id: 7,
      name: '2022 Toyota RAV4 GX',
      slug: 'rav4',
      make: 'Toyota',
      model: 'RAV4',
      primary_image_url: '',
    };
    recordReservation({
      reservation_id: 'R1',
      car,
      expires_at: '2026-11-26T06:00:00Z',
      made_at: '2026-11-24T06:00:00Z',
    });
    recordEnquiry({
      lead_id: 'L1',
      form: 'Book a Test Drive',
      category: 'Test Drive',
      car,
      sent_at: '2026-11-24T06:00:00Z',
    });
    recordSearch('/search/used-cars?refinementList[make][0]=Toyota', {
      make: 'Toyota',
      'range[price]': '10000:30000',
    });
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/session') return answer(200, { signed_in: true, phone: '0412345678' });
      if (url === '/api/watchlist')
        return answer(200, { success: true, watchlist: [{ id: 7 }, { id: 9 }] });
      if (url === '/api/reservations/7')
        return answer(200, { car_id: 7, reserved: true, expires_at: '2026-11-26T06:00:00Z' });
      throw new Error(`unexpected ${url}`);
    });
    render(
      <SiteContext.Provider value={{ ...testSite, garage_path: '/my-garage' }}>
        <GarageView searchPath="/search/used-cars" />
      </SiteContext.Provider>,
    );
    expect(await screen.findByText('2 saved cars.', { exact: false })).toBeTruthy();
    expect(await screen.findByText(/^Held until/)).toBeTruthy();
    // A live hold links to where it is cancelled.
    expect(screen.getByRole('link', { name: 'Cancel my reservation' }).getAttribute('href')).toBe(
      '/online-payment',
    );
    expect(screen.getByText('Book a Test Drive', { exact: false })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Toyota, price 10000 to 30000' }).getAttribute('href'),
    ).toBe('/search/used-cars?refinementList[make][0]=Toyota');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('says what is empty', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }))
      .mockResolvedValueOnce(answer(200, { success: true, watchlist: [] }));
    render(<GarageView searchPath="/search/used-cars" />);
    expect(await screen.findByText('No reservations from this device.')).toBeTruthy();
    expect(screen.getByText('No enquiries from this device.')).toBeTruthy();
    expect(describeSearch({ path: '/search/used-cars', filters: {} })).toBe('/search/used-cars');
  });
});
