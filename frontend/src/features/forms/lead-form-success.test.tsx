import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnquiries, loadReservations, loadSuccess, loadViewedCars } from '../account/records';
import type { FormPageView } from '../../types/generated/FormPageView';
import { DRAFT_DELAY_MS, draftKey } from './drafts';
import { LeadForm } from './lead-form';
import { field } from '../../testing/form-fields';
import { answer } from '../../testing/fetch';
import { carEnquiry, contactFields, rav4, reserveView, testDrive } from '../../testing/form-views';
import { USER_DETAILS_KEY } from './user-details';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();
const now = () => new Date(2026, 10, 23, 9, 0);
const browser =
  (path: string, search = '') =>
  () => ({
    url: `http://acme.localhost${path}${search}`,
    userAgent: 'test-agent',
    query: new URLSearchParams(search),
  });

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.dataLayer = [];
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function posted(call: number): Record<string, unknown> {
  return JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as Record<string, unknown>;
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

function fillContact() {
  type('First name', 'Jo');
  type('Email', 'jo@example.com');
  type('Phone', '0412 345 678');
}

describe('a stored form', () => {
  it('fires its event, records the enquiry and the car, saves the marker and goes to /success', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { success: true, lead_id: 'lead-7' }));
    render(
      <LeadForm
        view={carEnquiry}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    fillContact();
    type('Message', 'Is it still available?');
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(posted(0)).toMatchObject({
      car_id: 42,
      'Vehicle Make': 'Toyota',
      message: 'Is it still available?',
    });
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_form_submit', event_id: 22 }),
    ]);
    const car = {
      id: 42,
      name: rav4.name,
      slug: 'car-42',
      make: 'Toyota',
      model: 'RAV4',
      primary_image_url: '/media/42.jpg',
    };
    expect(loadEnquiries()).toEqual([
      {
        lead_id: 'lead-7',
        form: 'Make an Enquiry',
        category: 'General Enquiry',
        car,
        sent_at: now().toISOString(),
      },
    ]);
    expect(loadViewedCars()).toEqual([
      {
        id: 42,
        stocknum: 'T123',
        make: 'Toyota',
        model: 'RAV4',
        body: '5D Wagon',
        simple_body: 'SUV',
      },
    ]);
    expect(loadSuccess()).toEqual({
      title: 'Thank You',
      text: 'We have received your enquiry.',
      form: 'Make an Enquiry',
      car,
      at: now().toISOString(),
      reservation_id: null,
    });
  });

  it('does not leave the page when sending fails', async () => {
    fetchMock.mockResolvedValueOnce(answer(500, { success: false, code: 'internal' }));
    render(
      <LeadForm
        view={carEnquiry}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    fillContact();
    type('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await screen.findByText('An unexpected error occured');
    expect(navigate).not.toHaveBeenCalled();
    expect(loadSuccess()).toBeNull();
    expect(window.dataLayer).toEqual([]);
  });

  it('records a reservation with its hold and shows the hold message', async () => {
    const reservation = { ...reserveView, title: 'Reserve the 2024 Toyota RAV4 GX', subject: rav4 };
    const message =
      'We are holding this car for you for 48 hours. Pay the $200 deposit at the dealership.';
    // The page also asks whether the car is held (it is not).
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/reservations/42'
        ? answer(200, { car_id: 42, reserved: false })
        : answer(201, {
            reservation_id: 'r-9',
            car_id: 42,
            status: 'awaiting_payment',
            expires_at: '2026-11-25T09:00:00Z',
            message,
          }),
    );
    render(
      <LeadForm
        view={reservation}
        dealershipSlug="acme"
        browser={browser('/cars/car-42/checkout')}
        navigate={navigate}
        now={now}
        verifiedPhone={async () => '0412345678'}
      />,
    );
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(loadReservations()).toEqual([
      {
        reservation_id: 'r-9',
        car: expect.objectContaining({ id: 42, slug: 'car-42' }),
        expires_at: '2026-11-25T09:00:00Z',
        made_at: now().toISOString(),
      },
    ]);
    expect(loadEnquiries()).toEqual([]);
    expect(loadSuccess()?.text).toBe(message);
    // The success page offers to cancel it.
    expect(loadSuccess()?.reservation_id).toBe('r-9');
    expect(screen.getByText(message)).toBeTruthy();
  });
});

describe('a draft', () => {
  it('survives a remount, wins over the stored details and is cleared once stored', async () => {
    window.localStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ name: 'Stored', email: 'stored@example.com', phone: '0499 999 999' }),
    );
    const key = draftKey('/cars/car-42', 'enquiry-form');
    const first = render(
      <LeadForm
        view={carEnquiry}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    await waitFor(() => expect(input('First name').value).toBe('Stored'));
    vi.useFakeTimers();
    type('First name', 'Joanne');
    type('Message', 'Half written');
    fireEvent.change(document.querySelector('input[name="website"]') as HTMLInputElement, {
      target: { value: 'spam' },
    });
    expect(window.localStorage.getItem(key)).toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_DELAY_MS));
    const draft = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
      values: Record<string, unknown>;
    };
    expect(draft.values).toMatchObject({ name: 'Joanne', message: 'Half written' });
    expect(draft.values).not.toHaveProperty('website');
    expect(draft.values).not.toHaveProperty('car_id');
    vi.useRealTimers();
    first.unmount();

    render(
      <LeadForm
        view={carEnquiry}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    await waitFor(() => expect(input('First name').value).toBe('Joanne'));
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'Half written',
    );
    expect(input('Email').value).toBe('stored@example.com');
    fetchMock.mockResolvedValueOnce(answer(201, { success: true, lead_id: 'lead-8' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(posted(0)).toMatchObject({
      name: 'Joanne',
      email: 'stored@example.com',
      message: 'Half written',
    });
    expect(posted(0)).not.toHaveProperty('website');
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('is written when the form goes away before the delay', () => {
    const key = draftKey('/cars/car-42', 'enquiry-form');
    const view = render(
      <LeadForm
        view={carEnquiry}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    type('Message', 'Quick');
    view.unmount();
    expect(JSON.parse(window.localStorage.getItem(key) ?? '{}')).toMatchObject({
      values: { message: 'Quick' },
    });
  });
});

describe('a photo request', () => {
  it('sends the preset text before the optional message', async () => {
    const photos: FormPageView = {
      ...carEnquiry,
      kind: 'photo_request',
      form_id: 'photo-request-form',
      subcategory: 'Photo Request',
      message_preset: 'Please send photos for this car',
      steps: [
        {
          title: null,
          fields: [
            ...contactFields,
            field('message', 'Message', 'textarea'),
            field('car_id', 'Car', 'hidden', { default_value: '42' }),
          ],
        },
      ],
    };
    fetchMock.mockImplementation(async () => answer(201, { success: true, lead_id: 'p1' }));
    const first = render(
      <LeadForm
        view={photos}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(posted(0)).toMatchObject({
      message: 'Please send photos for this car',
      subcategory: 'Photo Request',
      car_id: 42,
    });
    first.unmount();
    render(
      <LeadForm
        view={photos}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    fillContact();
    type('Message', 'The interior please');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
    expect(posted(1).message).toBe('Please send photos for this car\n\nThe interior please');
  });
});

describe('a test drive', () => {
  const slots = {
    location: 'capalaba',
    location_name: 'Acme Capalaba',
    date: '2026-11-24',
    hours: '8:30am - 5:00pm',
    slot_minutes: 30,
    slots: [
      { time: '10:00', label: '10:00am' },
      { time: '10:30', label: '10:30am' },
    ],
  };

  function routes(lead: () => Response) {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/appointments') ? answer(200, slots) : lead(),
    );
  }

  it('books the chosen slot with the details, sent once on the last step', async () => {
    routes(() => answer(201, { success: true, lead_id: 'td-1' }));
    render(
      <LeadForm
        view={testDrive}
        dealershipSlug="acme"
        browser={browser('/cars/car-42')}
        navigate={navigate}
        now={now}
      />,
    );
    expect(screen.getByRole('heading', { name: /Date and Time \(Step 1 of 2\)/ })).toBeTruthy();
    const date = screen.getByLabelText('Preferred date') as HTMLInputElement;
    await waitFor(() => expect(date.min).toBe('2026-11-23'));
    expect(date.max).toBe('2027-01-22');
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement).value).toBe(
      '3',
    );
    fireEvent.change(date, { target: { value: '2026-11-24' } });
    fireEvent.click(await screen.findByRole('radio', { name: '10:30am' }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/appointments?location=capalaba&date=2026-11-24',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Contact Details \(Step 2 of 2\)/ });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/leads')).toBe(false);
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Test Drive' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    const lead = fetchMock.mock.calls.findIndex(([url]) => url === '/api/leads');
    expect(posted(lead)).toMatchObject({
      category: 'Test Drive',
      location: 'Acme Capalaba',
      location_id: 3,
      appointment: { location: 'capalaba', date: '2026-11-24', time: '10:30' },
      name: 'Jo',
      car_id: 42,
      form_completed: true,
    });
    expect(Object.keys(posted(lead))).not.toContain('appointment.date');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_test_drive_enquiry', event_id: 14 }),
    ]);
    expect(loadSuccess()?.text).toBe(
      `We have received your test drive request. Your test drive is booked for 10:30am on ${new Date(2026, 10, 24).toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })} at Acme Capalaba.`,
    );
  });

  it('asks for a time once a date is chosen, and sends no appointment without one', async () => {
    routes(() => answer(201, { success: true, lead_id: 'td-2' }));
    render(
      <LeadForm
        view={testDrive}
        dealershipSlug="acme"
        browser={browser('/book-test-drive')}
        navigate={navigate}
        now={now}
      />,
    );
    fireEvent.change(screen.getByLabelText('Preferred date'), { target: { value: '2026-11-24' } });
    await screen.findByRole('radio', { name: '10:00am' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Please choose a time, or clear the date.',
    );
    expect(
      screen.getByRole('radiogroup', { name: 'Preferred time' }).getAttribute('aria-invalid'),
    ).toBe('true');
    fireEvent.change(screen.getByLabelText('Preferred date'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Contact Details/ });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Test Drive' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const lead = fetchMock.mock.calls.findIndex(([url]) => url === '/api/leads');
    expect(posted(lead)).not.toHaveProperty('appointment');
    expect(loadSuccess()?.text).toBe('We have received your test drive request.');
  });

  it('goes back to the times, reloaded, when the slot was taken meanwhile', async () => {
    routes(() =>
      answer(409, {
        success: false,
        code: 'slot_unavailable',
        message: 'That time is no longer available. Please choose another time.',
      }),
    );
    render(
      <LeadForm
        view={testDrive}
        dealershipSlug="acme"
        browser={browser('/book-test-drive')}
        navigate={navigate}
        now={now}
      />,
    );
    fireEvent.change(screen.getByLabelText('Preferred date'), { target: { value: '2026-11-24' } });
    fireEvent.click(await screen.findByRole('radio', { name: '10:00am' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Contact Details/ });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Test Drive' }));
    const group = await screen.findByRole('radiogroup', { name: 'Preferred time' });
    await waitFor(() => expect(document.activeElement).toBe(group));
    const describedBy = (group.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'That time is no longer available. Please choose another time.',
    );
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/appointments')),
    ).toHaveLength(2);
    expect((screen.getByRole('radio', { name: '10:00am' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(navigate).not.toHaveBeenCalled();
    // Another time clears the message.
    fireEvent.click(screen.getByRole('radio', { name: '10:30am' }));
    expect(
      screen.queryByText('That time is no longer available. Please choose another time.'),
    ).toBeNull();
  });

  it('keeps its step and choices in the draft', async () => {
    routes(() => answer(201, { success: true, lead_id: 'td-3' }));
    const first = render(
      <LeadForm
        view={testDrive}
        dealershipSlug="acme"
        browser={browser('/book-test-drive')}
        navigate={navigate}
        now={now}
      />,
    );
    fireEvent.change(screen.getByLabelText('Preferred date'), { target: { value: '2026-11-24' } });
    fireEvent.click(await screen.findByRole('radio', { name: '10:30am' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Contact Details/ });
    type('First name', 'Jo');
    first.unmount();
    render(
      <LeadForm
        view={testDrive}
        dealershipSlug="acme"
        browser={browser('/book-test-drive')}
        navigate={navigate}
        now={now}
      />,
    );
    await screen.findByRole('heading', { name: /Contact Details \(Step 2 of 2\)/ });
    expect(input('First name').value).toBe('Jo');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: '10:30am' })).toHaveProperty('checked', true);
  });
});
