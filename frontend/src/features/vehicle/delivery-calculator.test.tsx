import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../types/generated/messages';
import { DeliveryCalculator, deliverySentence } from './delivery-calculator';
import { formatDollars } from '../../lib/number-format';
import { answer, mockFetch } from '../../testing/fetch';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
const brisbane = {
  postcode: '4000',
  locality: 'Brisbane City',
  state: 'QLD',
  region: 'Brisbane Metro',
  price: 0,
  distance_km: 12.3,
  location: 'Moreton Toyota Eagle Farm',
};

function lookUp(postcode: string) {
  fireEvent.change(screen.getByLabelText('Suburb or postcode'), { target: { value: postcode } });
  fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
}

describe('DeliveryCalculator', () => {
  it('starts idle with an empty, labelled answer region', () => {
    render(<DeliveryCalculator />);
    const answerRegion = document.querySelector('.delivery__answer');
    expect(answerRegion?.getAttribute('role')).toBe('status');
    expect(answerRegion?.textContent).toBe('');
    expect(screen.getByRole('combobox', { name: 'Suburb or postcode' })).toBeTruthy();
  });

  it('asks for a postcode without calling the API when it is empty', async () => {
    render(<DeliveryCalculator />);
    lookUp('  ');
    expect(await screen.findByText('Please enter a postcode.')).toBeTruthy();
    expect(MESSAGES.PLEASE_ENTER_A_POSTCODE).toBe('Please enter a postcode.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Suburb or postcode').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows loading, then free delivery to the region with the locality', async () => {
    let resolve: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    render(<DeliveryCalculator />);
    lookUp('4000');
    expect(await screen.findByText('Calculating delivery…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get estimate' })).toHaveProperty('disabled', true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/delivery-estimate?postcode=4000');
    resolve(answer(200, brisbane));
    expect(await screen.findByText('Free delivery to Brisbane City, 4000')).toBeTruthy();
    expect(screen.getByText('QLD · Brisbane Metro · from Moreton Toyota Eagle Farm')).toBeTruthy();
  });

  it("measures from the car's own location and names the place as people write it", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        ...brisbane,
        postcode: '2000',
        locality: 'Sydney',
        state: 'NSW',
        location: 'Wattle Nissan Penrith',
      }),
    );
    render(<DeliveryCalculator location="wattle-nissan-penrith" />);
    lookUp('2000');
    expect(
      await screen.findByText('NSW · Brisbane Metro · from Wattle Nissan Penrith'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/delivery-estimate?postcode=2000&location=wattle-nissan-penrith',
    );
  });

  it('shows a priced estimate', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, { ...brisbane, price: 1200, region: 'Queensland' }),
    );
    render(<DeliveryCalculator />);
    lookUp('4810');
    expect(await screen.findByText('$1,200 delivery to Brisbane City, 4000')).toBeTruthy();
  });

  it('names the place, never the zone, in the sentence', () => {
    const cases: [Partial<typeof brisbane>, string][] = [
      [
        { price: 1490, locality: 'Sydney', postcode: '2000', region: 'Interstate' },
        '$1,490 delivery to Sydney, 2000',
      ],
      [{ price: 0 }, 'Free delivery to Brisbane City, 4000'],
      [
        { price: 250.5, locality: 'Mount Stuart', postcode: '4811' },
        '$250.50 delivery to Mount Stuart, 4811',
      ],
      // The place as the API writes it: abbreviations keep their capitals.
      [
        { price: 1900, locality: 'Kingston SE', postcode: '5275' },
        '$1,900 delivery to Kingston SE, 5275',
      ],
      // A dataset row without a locality still names the postcode.
      [{ price: 900, locality: '', postcode: '4825' }, '$900 delivery to 4825'],
    ];
    expect(cases.map(([change]) => deliverySentence({ ...brisbane, ...change }))).toEqual(
      cases.map(([, sentence]) => sentence),
    );
  });

  it("shows the API's message for a bad postcode", async () => {
    const message = 'Invalid postcode. Please enter a 4-digit number.';
    fetchMock.mockResolvedValueOnce(
      answer(400, { success: false, code: 'bad_request', message, fields: { postcode: message } }),
    );
    render(<DeliveryCalculator enquireUrl="/enquire" />);
    lookUp('12');
    expect((await screen.findByText(message)).className).toBe('delivery__error');
    expect(screen.getByLabelText('Suburb or postcode').getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.queryByRole('link', { name: 'Enquire' }),
      'correct the postcode first',
    ).toBeNull();
  });

  it('answers no estimate as information with the enquiry and call actions', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(404, { success: false, code: 'no_estimate', message: NO_ESTIMATE }),
    );
    const onEnquire = vi.fn();
    const onCall = vi.fn();
    render(
      <DeliveryCalculator
        enquireLabel="Enquire now"
        onEnquire={onEnquire}
        phone={{ display: '07 3000 1234', href: 'tel:0730001234', masked: false }}
        onCall={onCall}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Enquire now' }), 'idle: no actions').toBeNull();
    lookUp('0872');
    const note = await screen.findByText(NO_ESTIMATE);
    expect(note.className).toBe('delivery__none');
    expect(screen.getByLabelText('Suburb or postcode').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enquire now' }));
    expect(onEnquire).toHaveBeenCalledTimes(1);
    const call = screen.getByRole('link', { name: 'Call 07 3000 1234' });
    expect(call.getAttribute('href')).toBe('tel:0730001234');
    // jsdom cannot follow a tel: link; the click handler is what is under test.
    call.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(call);
    expect(onCall).toHaveBeenCalledTimes(1);
  });

  it('links to the enquiry page when there is no dialog, and hides a masked number', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(404, { success: false, code: 'no_estimate', message: NO_ESTIMATE }),
    );
    render(
      <DeliveryCalculator
        enquireUrl="/enquire?car=1"
        phone={{ display: '07 3000 1234', href: 'tel:0730001234', masked: true }}
      />,
    );
    lookUp('0872');
    await screen.findByText(NO_ESTIMATE);
    expect(screen.getByRole('link', { name: 'Enquire' }).getAttribute('href')).toBe(
      '/enquire?car=1',
    );
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:0730001234');
  });

  it('shows the no-estimate text for a 404 and for a network failure', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(404, { success: false, code: 'no_estimate', message: NO_ESTIMATE }),
    );
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<DeliveryCalculator />);
    lookUp('0800');
    expect(await screen.findByText(NO_ESTIMATE)).toBeTruthy();
    lookUp('4000');
    await screen.findByText('Calculating delivery…');
    expect(await screen.findByText(MESSAGES.DELIVERY_NO_ESTIMATE)).toBeTruthy();
    expect(MESSAGES.DELIVERY_NO_ESTIMATE).toBe(NO_ESTIMATE);
  });

  it('shows the no-estimate text when an error answer has no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 502 }));
    render(<DeliveryCalculator />);
    lookUp('4000');
    expect(await screen.findByText(NO_ESTIMATE)).toBeTruthy();
  });
});

describe('formatDollars', () => {
  it('shows whole dollars without cents and cents when there are some', () => {
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(38990)).toBe('$38,990');
    expect(formatDollars(450.5)).toBe('$450.50');
  });
});

describe('DeliveryCalculator with a suburb', () => {
  const springwood = {
    name: 'Springwood',
    state: 'QLD',
    postcode: '4127',
    label: 'Springwood QLD 4127',
    lat: -27.62,
    lng: 153.13,
  };

  it('looks up the estimate of a picked suburb at once, by its postcode', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fetchMock.mockImplementation(async (url) =>
        String(url).startsWith('/api/places')
          ? answer(200, [springwood])
          : answer(200, { ...brisbane, postcode: '4127', locality: 'Springwood', price: 490 }),
      );
      render(<DeliveryCalculator />);
      const field = screen.getByRole('combobox', { name: 'Suburb or postcode' });
      fireEvent.change(field, { target: { value: 'Springw' } });
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      fireEvent.click(await screen.findByRole('option', { name: 'Springwood QLD 4127' }));
      expect(await screen.findByText('$490 delivery to Springwood, 4127')).toBeTruthy();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        '/api/places?q=Springw',
        '/api/delivery-estimate?postcode=4127',
      ]);
      expect((field as HTMLInputElement).value).toBe('Springwood QLD 4127');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a suggestion when words were typed but none picked, without calling the API', async () => {
    render(<DeliveryCalculator />);
    lookUp('Springwood');
    expect(
      await screen.findByText('Choose a suburb from the suggestions, or enter a 4-digit postcode.'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
