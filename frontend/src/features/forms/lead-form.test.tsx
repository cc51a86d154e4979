import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormPageView } from '../../types/generated/FormPageView';
import { LeadForm } from './lead-form';
import { answer } from '../../testing/fetch';
import { field } from '../../testing/form-fields';
import { baseView, contactFields, rav4, reserveView } from '../../testing/form-views';
import { resetSession } from '../account/session';
import { USER_DETAILS_KEY } from './user-details';

const contact = contactFields;

const base: Omit<FormPageView, 'steps' | 'kind' | 'form_id' | 'category' | 'subcategory'> = {
  ...baseView,
  title: 'Book a Service',
  intro: 'Book your next service.',
  locations: [{ id: 2, name: 'Acme Service Centre', slug: 'acme-service' }],
  thank_you: { title: 'Thank You', text: 'We have received your service booking request.' },
};

const service: FormPageView = {
  ...base,
  kind: 'service_booking',
  form_id: 'service-booking',
  category: 'Service',
  subcategory: 'Service Booking',
  terms: {
    label: 'I agree to the terms of use',
    url: '/terms-and-conditions',
    message: 'You must agree to the terms of use before submitting the form.',
  },
  steps: [
    {
      title: null,
      fields: [
        ...contact,
        field('Vehicle Make', 'Make', 'text', { default_value: 'Toyota' }),
        field('kms', 'Odometer', 'number', { suffix: 'kms' }),
        field('message', 'Message', 'textarea', { required_message: 'Message is required.' }),
        field('opt_in', 'Keep me up to date with news and offers', 'checkbox'),
      ],
    },
  ],
};

const parts: FormPageView = {
  ...base,
  title: 'Order Parts Online',
  kind: 'parts_order',
  form_id: 'parts-form',
  category: 'Parts',
  subcategory: 'Parts Order',
  steps: [
    { title: 'Contact Details', fields: contact },
    {
      title: 'Vehicle Details',
      fields: [field('Vehicle Model', 'Model', 'text'), field('Part#', 'Part number', 'text')],
    },
    {
      title: 'Order Details',
      fields: [
        field('Order Detail', 'Order detail', 'textarea', {
          required_message: 'Order detail is required.',
        }),
      ],
    },
  ],
};

const finance: FormPageView = {
  ...base,
  title: 'Finance Enquiry',
  kind: 'finance_enquiry',
  form_id: 'finance-form',
  category: 'Finance',
  subcategory: 'Finance Enquiry',
  locations: [
    { id: 1, name: 'Acme Springwood', slug: 'springwood' },
    { id: 3, name: 'Acme Capalaba', slug: 'capalaba' },
  ],
  default_location_id: null,
  steps: [
    {
      title: null,
      fields: [
        ...contact,
        field('location', 'Location', 'location', {
          required_message: 'Location is required.',
          query_param: 'preferredDealership',
        }),
        field('price', 'Vehicle price budget', 'number', { query_param: 'vehiclePriceBudget' }),
        field('message', 'Message', 'textarea'),
        field('car_id', 'Car', 'hidden', { query_param: 'car_id' }),
        field('vehicle_status', 'Car type', 'hidden', { query_param: 'car_type' }),
        field('VIN', 'VIN', 'hidden', { query_param: 'vin' }),
      ],
    },
  ],
};

const reservation: FormPageView = {
  ...reserveView,
  steps: [
    {
      title: null,
      fields: [
        ...contact,
        field('message', 'Message', 'textarea'),
        field('car_id', 'Car', 'hidden', { default_value: '42' }),
      ],
    },
  ],
};

const browser =
  (search = '') =>
  () => ({
    url: `http://acme.localhost/service${search}`,
    userAgent: 'test-agent',
    query: new URLSearchParams(search),
  });

const fetchMock = vi.fn<typeof fetch>();
// Stored forms go to /success; jsdom cannot navigate.
const navigate = vi.fn<(path: string) => void>();

// Seed 001 s8: a failed submission shows the browser's alert (jsdom has none).
const alertMock = vi.fn<(message: string) => void>();

beforeEach(() => {
  fetchMock.mockReset();
  alertMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('alert', alertMock);
});

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function sent(call: number): { body: Record<string, unknown>; key: string | undefined } {
  const init = fetchMock.mock.calls[call]?.[1];
  const headers = (init?.headers ?? {}) as Record<string, string>;
  return {
    body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    key: headers['Idempotency-Key'],
  };
}

const input = (name: string) => screen.getByRole('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

function fillContact() {
  type('First name', 'Jo');
  type('Email', 'jo@example.com');
  type('Phone', '0412 345 678');
  type('Postcode', '4000');
}

const enquiry: FormPageView = {
  ...base,
  title: 'Make an Enquiry',
  kind: 'general_enquiry',
  form_id: 'enquiry-form',
  category: 'General Enquiry',
  subcategory: null,
  category_choices: [
    {
      label: 'General Enquiry',
      sent: { category: 'General Enquiry', event_id: 22 },
    },
    {
      label: 'Career Enquiry',
      sent: { category: 'General Enquiry', subcategory: 'Career Enquiry', event_id: 51 },
    },
  ],
  steps: [
    {
      title: null,
      fields: [
        ...contact.filter((f) => f.name !== 'postcode'),
        field('postcode', 'Postcode', 'postcode', {
          max_length: 4,
          required_message: 'Invalid postcode. Please enter a 4-digit number.',
        }),
        field('category', 'Enquiry type', 'select', {
          options: ['General Enquiry', 'Career Enquiry'],
          required_message: 'Enquiry type is required.',
        }),
        field('message', 'Comments', 'textarea'),
      ],
    },
  ],
};

describe('LeadForm', () => {
  // Seed 001 s9: "career enquiries recategorised as General Enquiry with subcategory
  // Career Enquiry, id 51"; s5: "category select required".
  it('sends a Career Enquiry as General Enquiry with its subcategory and event 51', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { success: true, lead_id: 'c1' }));
    window.dataLayer = [];
    render(
      <LeadForm view={enquiry} dealershipSlug="acme" browser={browser()} navigate={navigate} />,
    );
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    expect(screen.getByRole('alert').textContent).toContain('Enquiry type is required.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('combobox', { name: /Enquiry type/ }), {
      target: { value: 'Career Enquiry' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    expect(sent(0).body).toMatchObject({
      category: 'General Enquiry',
      subcategory: 'Career Enquiry',
      page_id: '/service',
    });
    expect(window.dataLayer).toEqual([{ event: 'forecourt_career_enquiry', event_id: 51 }]);
  });

  // Seed 001 s5: "preferred dealership select required when several dealerships
  // exist"; seed 000 s5: "*Please select a dealership location."
  it('asks for the preferred dealership and sends its slug', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { success: true, lead_id: 'd1' }));
    const group: FormPageView = {
      ...enquiry,
      dealerships: [
        { slug: 'moreton-toyota', name: 'Moreton Toyota' },
        { slug: 'moreton-mazda', name: 'Moreton Mazda' },
      ],
      steps: [
        {
          title: null,
          fields: [
            ...contact,
            field('dealership_slug', 'Preferred dealership', 'dealership', {
              required_message: '*Please select a dealership location.',
            }),
          ],
        },
      ],
    };
    render(
      <LeadForm view={group} dealershipSlug="moreton" browser={browser()} navigate={navigate} />,
    );
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    expect(screen.getByRole('alert').textContent).toContain(
      '*Please select a dealership location.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    const select = screen.getByRole('combobox', { name: /Preferred dealership/ });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Please select',
      'Moreton Toyota',
      'Moreton Mazda',
    ]);
    fireEvent.change(select, { target: { value: 'moreton-mazda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    expect(sent(0).body.dealership_slug).toBe('moreton-mazda');
  });

  // Seed 001 s5: "Postcode: required, exactly 4 digits".
  it('asks for the postcode before sending', () => {
    render(
      <LeadForm view={enquiry} dealershipSlug="acme" browser={browser()} navigate={navigate} />,
    );
    type('First name', 'Jo');
    type('Email', 'jo@example.com');
    type('Phone', '0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the seed banner and links each error to its field', async () => {
    render(
      <LeadForm view={service} dealershipSlug="acme" browser={browser()} navigate={navigate} />,
    );
    type('Postcode', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('Please fix the following errors:');
    expect([...banner.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'First name is required.',
      'Email is required.',
      'Phone is required.',
      'Invalid postcode. Please enter a 4-digit number.',
      'Message is required.',
      'You must agree to the terms of use before submitting the form.',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(banner));
    const postcode = input('Postcode');
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    const describedBy = postcode.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the lead with an idempotency key, thanks the shopper and stores the details', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { success: true, lead_id: 'abc123' }));
    render(
      <LeadForm view={service} dealershipSlug="acme" browser={browser()} navigate={navigate} />,
    );
    fillContact();
    type('Odometer', '45,000');
    type('Message', 'Logbook service please');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms of use/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    const thanks = await screen.findByRole('heading', { name: 'Thank You' });
    await waitFor(() => expect(document.activeElement).toBe(thanks.closest('section')));
    expect(screen.queryByRole('button', { name: 'Enquire Now' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/leads');
    const { body, key } = sent(0);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toEqual({
      source: 'Website',
      url: 'http://acme.localhost/service',
      page_id: '/service',
      user_agent: 'test-agent',
      dealership_slug: 'acme',
      category: 'Service',
      subcategory: 'Service Booking',
      location: 'Acme Service Centre',
      location_id: 2,
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      'Vehicle Make': 'Toyota',
      kms: 45000,
      message: 'Logbook service please',
      opt_in: false,
    });
    expect(JSON.parse(window.localStorage.getItem(USER_DETAILS_KEY) ?? '{}')).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
    });
  });

  it('keeps the input on a network failure and retries with the same key', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200, { success: true, lead_id: 'abc123' }));
    render(
      <LeadForm
        view={{ ...service, terms: null }}
        dealershipSlug="acme"
        browser={browser()}
        navigate={navigate}
      />,
    );
    fillContact();
    type('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    const failure = await screen.findByText('An error occurred when submitting this form');
    await waitFor(() => expect(document.activeElement).toBe(failure.closest('[role="alert"]')));
    // Seed 001 s8: "Form submit failure: browser alert 'An error occurred when submitting
    // this form'", as well as the inline message.
    expect(alertMock.mock.calls).toEqual([['An error occurred when submitting this form']]);
    expect((input('Message') as HTMLTextAreaElement).value).toBe('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    expect(sent(1).key).toBe(sent(0).key);
  });

  it('sends an edited retry with a new key, as the API refuses a key reused with another body', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200, { success: true, lead_id: 'abc123' }));
    render(
      <LeadForm
        view={{ ...service, terms: null }}
        dealershipSlug="acme"
        browser={browser()}
        navigate={navigate}
      />,
    );
    fillContact();
    type('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await screen.findByText('An error occurred when submitting this form');
    type('Message', 'Hello, is it still available?');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    expect(sent(1).body.message).toBe('Hello, is it still available?');
    expect(sent(1).key).not.toBe(sent(0).key);
  });

  describe('the enquiry form', () => {
    const dealerEnquiry: FormPageView = {
      ...enquiry,
      steps: [
        {
          title: null,
          fields: [
            ...contact,
            field('PreferredContactMethod', 'Preferred contact method', 'select', {
              options: ['Phone', 'Email', 'SMS'],
              default_value: 'Phone',
            }),
            field('category', 'Enquiry type', 'select', {
              options: ['General Enquiry'],
              default_value: 'General Enquiry',
              required_message: 'Enquiry type is required.',
            }),
            field('Rego', 'Rego', 'text'),
            field('message', 'Comments', 'textarea', {
              required_message: 'Comments is required.',
            }),
            field('opt_in', 'Keep me up to date with news and offers', 'checkbox'),
            field('car_id', 'Car', 'hidden'),
          ],
        },
      ],
    };
    const labelsOf = (root: ParentNode) =>
      [
        ...root.querySelectorAll(
          ':scope > .form-field > .form-field__label, :scope > .form-field > label',
        ),
      ].map((l) => l.textContent?.replace(' *', ''));

    it('asks for what the dealer requires and folds the rest under More details', () => {
      render(
        <LeadForm
          view={dealerEnquiry}
          dealershipSlug="acme"
          browser={browser()}
          navigate={navigate}
        />,
      );
      const form = screen.getByRole('form', { name: 'Make an Enquiry' });
      expect(labelsOf(form)).toEqual(['First name', 'Email', 'Phone', 'Enquiry type', 'Comments']);
      const more = form.querySelector('details') as HTMLDetailsElement;
      expect(more.querySelector('summary')?.textContent).toBe('More details (optional)');
      expect(more.open).toBe(false);
      expect(labelsOf(more.querySelector('.lead-form__more-fields') as HTMLElement)).toEqual([
        'Last name',
        'Postcode',
        'Preferred contact method',
        'Rego',
        'Keep me up to date with news and offers',
      ]);
      // Another form shows every field in order.
      cleanup();
      render(
        <LeadForm
          view={{ ...dealerEnquiry, kind: 'photo_request' }}
          dealershipSlug="acme"
          browser={browser()}
          navigate={navigate}
        />,
      );
      expect(document.querySelector('details')).toBeNull();
    });

    it('names each field in its own error, under that field', () => {
      render(
        <LeadForm
          view={dealerEnquiry}
          dealershipSlug="acme"
          browser={browser()}
          navigate={navigate}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
      for (const [label, message] of [
        ['First name', 'First name is required.'],
        ['Email', 'Email is required.'],
        ['Phone', 'Phone is required.'],
        ['Comments', 'Comments is required.'],
      ] as const) {
        const control = screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
        const error = document.getElementById(control.getAttribute('aria-describedby') ?? '');
        expect(error?.textContent).toBe(message);
        expect(control.closest('.form-field')?.contains(error ?? null)).toBe(true);
      }
    });

    it('opens More details for an error in it and for what was filled in for the shopper', async () => {
      fetchMock.mockResolvedValueOnce(
        answer(422, {
          success: false,
          code: 'validation_failed',
          message: 'Please fix the following errors:',
          fields: { Rego: 'Rego is at most 10 characters.' },
        }),
      );
      render(
        <LeadForm
          view={dealerEnquiry}
          dealershipSlug="acme"
          browser={browser()}
          navigate={navigate}
        />,
      );
      const more = document.querySelector('details') as HTMLDetailsElement;
      fillContact();
      type('Comments', 'Is it available?');
      expect(more.open).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
      await waitFor(() => expect(more.open).toBe(true));
      expect(input('Rego').getAttribute('aria-invalid')).toBe('true');
      cleanup();
      // Stored details fill the last name: the shopper sees it before sending it.
      window.localStorage.setItem(
        USER_DETAILS_KEY,
        JSON.stringify({
          name: 'Jo',
          last_name: 'Citizen',
          email: 'jo@example.com',
          phone: '0412 345 678',
        }),
      );
      render(
        <LeadForm
          view={dealerEnquiry}
          dealershipSlug="acme"
          browser={browser()}
          navigate={navigate}
        />,
      );
      await waitFor(() =>
        expect((document.querySelector('details') as HTMLDetailsElement).open).toBe(true),
      );
    });
  });

  it("shows the server's field errors next to the fields", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(422, {
        success: false,
        code: 'validation_failed',
        message: 'Please fix the following errors:',
        fields: { phone: 'Please enter a valid Australian phone number.' },
      }),
    );
    render(
      <LeadForm
        view={{ ...service, terms: null }}
        dealershipSlug="acme"
        browser={browser()}
        navigate={navigate}
      />,
    );
    fillContact();
    type('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await waitFor(() => expect(input('Phone').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = input('Phone').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Please enter a valid Australian phone number.',
    );
    expect(screen.getByRole('alert').textContent).toContain('Please fix the following errors:');
  });

  it('prefills stored details and sends a parts order in three steps with one lead id', async () => {
    window.localStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ name: 'Jo', email: 'jo@example.com', phone: '0412 345 678' }),
    );
    fetchMock
      .mockResolvedValueOnce(answer(201, { success: true, lead_id: 'lead-1' }))
      .mockResolvedValueOnce(answer(200, { success: true, lead_id: 'lead-1' }))
      .mockResolvedValueOnce(answer(200, { success: true, lead_id: 'lead-1' }));
    render(<LeadForm view={parts} dealershipSlug="acme" browser={browser()} navigate={navigate} />);
    await waitFor(() => expect((input('First name') as HTMLInputElement).value).toBe('Jo'));
    expect(screen.getByRole('heading', { name: /Contact Details \(Step 1 of 3\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const vehicle = await screen.findByRole('heading', { name: /Vehicle Details/ });
    await waitFor(() => expect(document.activeElement).toBe(vehicle));
    type('Part number', '90915-YZZD1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Order Details/ });
    type('Order detail', 'Two oil filters');
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    const [first, second, third] = [sent(0).body, sent(1).body, sent(2).body];
    expect(first).toMatchObject({
      name: 'Jo',
      form_completed: false,
      location_id: 2,
      category: 'Parts',
    });
    expect(first.lead_id).toBeUndefined();
    expect(second).toMatchObject({
      lead_id: 'lead-1',
      'Part#': '90915-YZZD1',
      form_completed: false,
    });
    expect(second.name).toBeUndefined();
    expect(third).toMatchObject({
      lead_id: 'lead-1',
      'Order Detail': 'Two oil filters',
      form_completed: true,
    });
    expect(new Set([sent(0).key, sent(1).key, sent(2).key]).size).toBe(3);
  });

  it('offers Back on every step after the first, and the required note only where a field is required', async () => {
    window.localStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ name: 'Jo', email: 'jo@example.com', phone: '0412 345 678' }),
    );
    fetchMock
      .mockResolvedValueOnce(answer(201, { success: true, lead_id: 'lead-1' }))
      .mockResolvedValueOnce(answer(200, { success: true, lead_id: 'lead-1' }));
    render(<LeadForm view={parts} dealershipSlug="acme" browser={browser()} navigate={navigate} />);
    await waitFor(() => expect((input('First name') as HTMLInputElement).value).toBe('Jo'));
    const note = () => screen.queryByText('Fields marked * are required.');
    expect(note()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Vehicle Details/ });
    // Nothing on this step is required: no asterisk to explain.
    expect(note()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: /Contact Details/ });
    expect(note()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Vehicle Details/ });
    // Sent again, the first step updates the same lead.
    expect(sent(1).body).toMatchObject({ lead_id: 'lead-1', name: 'Jo' });
  });

  it('prefills a finance enquiry from the finance link parameters', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { success: true, lead_id: 'f1' }));
    const search =
      '?preferredDealership=capalaba&vehiclePriceBudget=35000&car_id=42&car_type=used&vin=JTM123';
    render(
      <LeadForm
        view={finance}
        dealershipSlug="acme"
        browser={browser(search)}
        navigate={navigate}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('3'));
    expect(document.getElementById('finance-form')?.tagName).toBe('FORM');
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    expect(sent(0).body).toMatchObject({
      location: 'Acme Capalaba',
      location_id: 3,
      price: 35000,
      car_id: 42,
      vehicle_status: 'used',
      VIN: 'JTM123',
      lead_attributes: {
        linked_query_params: {
          preferredDealership: 'capalaba',
          vehiclePriceBudget: '35000',
          car_id: '42',
          car_type: 'used',
          vin: 'JTM123',
        },
      },
    });
  });

  it("prefills a reservation with the signed-in shopper's verified phone", async () => {
    window.localStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ name: 'Jo', email: 'jo@example.com', phone: '0499 999 999' }),
    );
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/session'
        ? answer(200, { signed_in: true, phone: '0412345678' })
        : answer(200, { car_id: 42, reserved: false }),
    );
    render(
      <LeadForm
        view={{ ...reservation, subject: rav4 }}
        dealershipSlug="acme"
        browser={browser()}
        navigate={navigate}
      />,
    );
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Phone/ }) as HTMLInputElement).value).toBe(
        '0412345678',
      ),
    );
    expect((input('First name') as HTMLInputElement).value).toBe('Jo');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/reservations/42');
    expect(screen.getByRole('button', { name: 'Reserve Now' })).toBeTruthy();
  });

  it('says a car held by someone else is reserved before the form is filled', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/reservations/42'
        ? answer(200, { car_id: 42, reserved: true })
        : answer(200, { signed_in: false, phone: null }),
    );
    const car = {
      id: 42,
      name: '2024 Toyota RAV4 GX',
      path: '/cars/car-42',
    } as FormPageView['car'];
    render(
      <LeadForm
        view={{ ...reservation, subject: rav4, car }}
        dealershipSlug="acme"
        browser={browser()}
        navigate={navigate}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This car is already reserved.');
    expect(
      screen.getByRole('link', { name: 'Back to 2024 Toyota RAV4 GX' }).getAttribute('href'),
    ).toBe('/cars/car-42');
    expect(screen.queryByRole('button', { name: 'Reserve Now' })).toBeNull();
  });

  it('reserves a car with its fields only, and shows a taken hold as the server words it', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, {
        success: false,
        code: 'car_reserved',
        message: 'This car is already reserved.',
      }),
    );
    fetchMock.mockResolvedValueOnce(
      answer(201, { reservation_id: 'r1', car_id: 42, status: 'awaiting_payment' }),
    );
    render(
      <LeadForm
        view={reservation}
        dealershipSlug="acme"
        browser={browser('?utm_source=x')}
        navigate={navigate}
        verifiedPhone={async () => '0412345678'}
      />,
    );
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Now' }));
    const alert = await screen.findByText('This car is already reserved.');
    expect(alert).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reservations');
    expect(sent(0).body).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      car_id: 42,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Thank You' });
  });
});
