import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormPageView } from '../../../types/generated/FormPageView';
import { ENQUIRIES_KEY, SUCCESS_KEY } from '../../account/records';
import { localOptions, offer, ready, tradeInView } from '../../../testing/trade-in-views';
import { TradeInFlow } from './trade-in-flow';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Answers each path with the next of its queued responses (404 when none is left). */
const queued = new Map<string, Response[]>();
const fetchMock = vi.fn<typeof fetch>(
  async (input) =>
    queued.get(String(input))?.shift() ??
    answer(404, { success: false, code: 'not_found', message: 'Not found.' }),
);
const respond = (path: string, ...responses: Response[]) =>
  queued.set(path, [...(queued.get(path) ?? []), ...responses]);

function sent(path: string, nth = 0): Record<string, unknown> {
  const call = fetchMock.mock.calls.filter(([input]) => String(input) === path)[nth];
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
}

const enquiries: FormPageView[] = [];
const renderEnquiry = (view: FormPageView) => {
  enquiries.push(view);
  return (
    <form aria-label="Trade-in enquiry">
      <label>
        Enquiry name <input name="enquiry-name" />
      </label>
    </form>
  );
};
const navigate = vi.fn<(path: string) => void>();
const browser =
  (search = '') =>
  () => ({
    url: `http://acme.localhost/trade-in${search}`,
    userAgent: 'test-agent',
    query: new URLSearchParams(search),
  });

function show(search = '') {
  return render(
    <TradeInFlow
      view={tradeInView}
      dealershipSlug="acme"
      renderEnquiry={renderEnquiry}
      browser={browser(search)}
      navigate={navigate}
    />,
  );
}

const choose = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const bannerItems = () =>
  [...screen.getByRole('alert').querySelectorAll('li')].map((li) => li.textContent);

beforeEach(() => {
  queued.clear();
  fetchMock.mockClear();
  navigate.mockClear();
  enquiries.length = 0;
  window.dataLayer = [];
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function toCondition(options = localOptions) {
  respond('/api/trade-in/options', answer(200, options));
  respond('/api/trade-in/lookup', answer(200, ready));
  show('?car_id=42');
  await screen.findByRole('heading', { name: /1\. Your Car/ });
  choose('Year', '2022');
  choose('Make', 'Toyota');
  choose('Model', 'RAV4');
  type('Odometer', '40500');
  press('Next');
  return screen.findByRole('heading', { name: /2\. Condition/ });
}

describe('TradeInFlow', () => {
  it('keeps the ordinary enquiry on a site without online valuations', async () => {
    respond(
      '/api/trade-in/options',
      answer(200, { ...localOptions, enabled: false, makes: [], questions: [], years: [] }),
    );
    show();
    expect(screen.getByRole('form', { name: 'Trade-in enquiry' })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/trade-in/options', expect.anything()),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('heading', { name: /Your Car/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get Your Valuation' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Trade-in enquiry' })).toBeTruthy();
  });

  it('checks each step, values the car and sends the accepted offer as the lead', async () => {
    respond('/api/trade-in/options', answer(200, localOptions));
    respond('/api/trade-in/lookup', answer(200, ready));
    respond('/api/trade-in/valuation', answer(200, offer));
    respond('/api/leads', answer(201, { success: true, lead_id: 'lead-9' }));
    show('?car_id=42');
    await screen.findByRole('heading', { name: /1\. Your Car \(Step 1 of 3\)/ });
    expect(
      within(screen.getByRole('list')).getByText('1. Your Car').getAttribute('aria-current'),
    ).toBe('step');

    press('Next');
    expect(screen.getByRole('alert').textContent).toContain('Please fix the following errors:');
    expect(bannerItems()).toEqual([
      'Year is required.',
      'Make is required.',
      'Model is required.',
      'Odometer is required.',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('combobox', { name: 'Year' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);

    choose('Year', '2022');
    choose('Make', 'Toyota');
    // The models are the chosen make's.
    const models = [
      ...screen.getByRole('combobox', { name: 'Model' }).querySelectorAll('option'),
    ].map((o) => o.textContent);
    expect(models).toEqual(['Please select', 'Corolla', 'HiLux', 'RAV4']);
    choose('Model', 'RAV4');
    type('Odometer', '40500');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Odometer' }));
    expect((screen.getByRole('textbox', { name: 'Odometer' }) as HTMLInputElement).value).toBe(
      '40,500',
    );
    expect(screen.getByText('kms')).toBeTruthy();
    press('Next');

    const second = await screen.findByRole('heading', { name: /2\. Condition/ });
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(sent('/api/trade-in/lookup')).toEqual({
      vehicle: { year: 2022, make: 'Toyota', model: 'RAV4' },
      kms: 40500,
    });
    expect(screen.getByText(/Your 2022 Toyota RAV4 with 40,500 kms/)).toBeTruthy();

    press('Get My Offer');
    expect(bannerItems()).toEqual(['Accident or body damage is required.', 'Keys is required.']);
    const keys = screen.getByRole('radiogroup', { name: /How many keys/ });
    expect(keys.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'No accidents or damage' }));
    fireEvent.click(within(keys).getByRole('radio', { name: 'One' }));
    expect(keys.getAttribute('aria-invalid')).toBeNull();
    press('Get My Offer');

    await screen.findByRole('heading', { name: /3\. Your Offer/ });
    expect(sent('/api/trade-in/valuation')).toEqual({
      vehicle: { year: 2022, make: 'Toyota', model: 'RAV4' },
      kms: 40500,
      adjustmentAnswers: [
        { id: 'accident_damage', answer: 'none' },
        { id: 'keys', answer: 'one' },
      ],
    });
    expect(screen.getByText('$28,000')).toBeTruthy();
    expect(screen.getByText('Up to $30,700 once we have inspected your car.')).toBeTruthy();
    expect(screen.getByText('How many keys do you have? One: −$450')).toBeTruthy();
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_calculator', event_id: 26 }),
    ]);

    press('Accept Offer');
    expect(bannerItems()).toEqual([
      'First name is required.',
      'Email is required.',
      'Phone is required.',
      'You must agree to the terms of use before submitting the form.',
    ]);
    type('First name', 'Jo');
    type('Email', 'jo@example.com');
    type('Phone', '0412 345 678');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms of use' }));
    press('Accept Offer');

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    expect(sent('/api/leads')).toEqual({
      source: 'Website',
      url: 'http://acme.localhost/trade-in?car_id=42',
      page_id: '/trade-in',
      user_agent: 'test-agent',
      dealership_slug: 'acme',
      category: 'Trade-In',
      subcategory: '3. Offer Accepted',
      lead_attributes: { linked_query_params: { car_id: '42' } },
      location: 'Acme Springwood',
      location_id: 7,
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'RAV4',
      'Vehicle Year': 2022,
      kms: 40500,
      opt_in: false,
      offer_accepted: true,
      offer_price: 28000,
      id: 'val-1',
      adjustmentAnswers: [
        { id: 'accident_damage', answer: 'none' },
        { id: 'keys', answer: 'one' },
      ],
      car_id: 42,
    });
    const key = (
      fetchMock.mock.calls.find(([input]) => input === '/api/leads')?.[1]?.headers as Record<
        string,
        string
      >
    )['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_calculator', event_id: 26 }),
      expect.objectContaining({ event: 'forecourt_offer_accepted', event_id: 18 }),
    ]);
    const enquiry = JSON.parse(window.localStorage.getItem(ENQUIRIES_KEY) ?? '[]') as {
      lead_id: string;
      category: string;
    }[];
    expect(enquiry[0]).toMatchObject({
      lead_id: 'lead-9',
      category: 'Trade-In',
      form: 'Sell or Trade In Your Car',
    });
    const success = JSON.parse(window.localStorage.getItem(SUCCESS_KEY) ?? '{}') as {
      title: string;
      text: string;
    };
    expect(success.title).toBe('Thank You');
    expect(success.text).toBe(
      'You accepted our offer of $28,000 for your 2022 Toyota RAV4. We have received your details. The Acme Motors team will be in touch soon.',
    );
  });

  it('tells an old car there is no online estimate and offers the enquiry with its details', async () => {
    respond('/api/trade-in/options', answer(200, localOptions));
    const message =
      "Online estimates are not generated for cars over 7 years or 100,000 km. Send us your car's details and our team will value it for you.";
    respond(
      '/api/trade-in/lookup',
      answer(200, {
        ...ready,
        outcome: 'not_eligible',
        message,
        vehicle: { year: 2015, make: 'Toyota', model: 'HiLux' },
        kms: 180000,
      }),
    );
    show();
    await screen.findByRole('heading', { name: /1\. Your Car/ });
    choose('Year', '2015');
    choose('Make', 'Toyota');
    choose('Model', 'HiLux');
    type('Odometer', '180,000');
    press('Next');
    const notice = await screen.findByText(message);
    await waitFor(() => expect(document.activeElement).toBe(notice.closest('[role="status"]')));
    expect(screen.getByRole('form', { name: 'Trade-in enquiry' })).toBeTruthy();
    const prefilled = enquiries[enquiries.length - 1];
    const defaults = Object.fromEntries(
      (prefilled?.steps[0]?.fields ?? []).map((f) => [f.name, f.default_value]),
    );
    expect(defaults).toMatchObject({
      'Vehicle Year': '2015',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'HiLux',
      kms: '180,000',
      regoState: 'QLD',
    });

    press('Value another car');
    await screen.findByRole('heading', { name: /1\. Your Car/ });
    expect((screen.getByRole('combobox', { name: 'Make' }) as HTMLSelectElement).value).toBe(
      'Toyota',
    );
  });

  it('looks a rego up where the dealer has a provider, and shows its field errors', async () => {
    respond(
      '/api/trade-in/options',
      answer(200, { ...localOptions, lookup: true, makes: [], default_state: 'NSW' }),
    );
    respond(
      '/api/trade-in/lookup',
      answer(422, {
        success: false,
        code: 'validation_failed',
        message: 'Please fix the following errors:',
        fields: { rego: "We couldn't find a car with the rego ZZZ999 in NSW." },
      }),
      answer(200, { ...ready, rego: 'ABC123', regoState: 'NSW' }),
    );
    show();
    await screen.findByRole('heading', { name: /1\. Your Car/ });
    expect(screen.queryByRole('combobox', { name: 'Make' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Rego state' }) as HTMLSelectElement).value).toBe(
      'NSW',
    );
    type('Rego', 'zzz999');
    type('Odometer', '52,000');
    press('Next');
    const rego = screen.getByRole('textbox', { name: 'Rego' });
    await waitFor(() => expect(rego.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(rego.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "We couldn't find a car with the rego ZZZ999 in NSW.",
    );
    expect(sent('/api/trade-in/lookup')).toEqual({ rego: 'zzz999', regoState: 'NSW', kms: 52000 });
    type('Rego', 'ABC 123');
    press('Next');
    await screen.findByRole('heading', { name: /2\. Condition/ });
  });

  it('keeps the enquiry the shopper started typing in and offers the valuation instead', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    show();
    fireEvent.input(screen.getByRole('textbox', { name: 'Enquiry name' }), {
      target: { value: 'Jo' },
    });
    release(answer(200, localOptions));
    const start = await screen.findByRole('button', { name: 'Get Your Valuation' });
    expect(screen.getByRole('form', { name: 'Trade-in enquiry' })).toBeTruthy();
    fireEvent.click(start);
    await screen.findByRole('heading', { name: /1\. Your Car/ });
    press("Send us your car's details instead");
    await screen.findByRole('form', { name: 'Trade-in enquiry' });
  });

  it('saves the valuation through /api/miscellaneous on the site that keeps them, and retries a failed acceptance', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    respond('/api/trade-in/valuation', answer(200, offer));
    respond('/api/miscellaneous', answer(201, { success: true, id: 'e1' }));
    respond(
      '/api/leads',
      answer(503, { success: false, code: 'unavailable', message: 'Try later.' }),
      answer(201, { success: true, lead_id: 'lead-2' }),
    );
    await toCondition({ ...localOptions, save_valuations: true });
    fireEvent.click(screen.getByRole('radio', { name: 'No accidents or damage' }));
    fireEvent.click(screen.getByRole('radio', { name: 'One' }));
    press('Get My Offer');
    await screen.findByRole('heading', { name: /3\. Your Offer/ });
    await waitFor(() => expect(info).toHaveBeenCalledWith('Valuation saved'));
    expect(sent('/api/miscellaneous')).toMatchObject({
      column_name: 'valuation',
      car_id: 42,
      value: { id: 'val-1', offer_price: 28000 },
    });
    type('First name', 'Jo');
    type('Email', 'jo@example.com');
    type('Phone', '0412 345 678');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms of use' }));
    press('Accept Offer');
    await screen.findByText('Try later.');
    expect(navigate).not.toHaveBeenCalled();
    press('Try again');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/success'));
    const keys = fetchMock.mock.calls
      .filter(([input]) => input === '/api/leads')
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    info.mockRestore();
  });
});
