import { describe, expect, it } from 'vitest';
import type { FormPageView } from '../../types/generated/FormPageView';
import { stepPayload } from './lead-payload';
import { field } from '../../testing/form-fields';
import { baseView, contactFields } from '../../testing/form-views';

const enquiry: FormPageView = {
  ...baseView,
  kind: 'general_enquiry',
  form_id: 'enquiry-form',
  category: 'General Enquiry',
  subcategory: null,
  steps: [
    {
      title: null,
      fields: [
        ...contactFields,
        field('car_id', 'Car', 'hidden', { default_value: '42' }),
        field('car_dealership_id', 'car_dealership_id', 'hidden', { default_value: '31' }),
        field('manufacturer_slug', 'manufacturer_slug', 'hidden', { default_value: 'toyota' }),
        field('autogauge_enabled', 'autogauge_enabled', 'hidden', { default_value: 'true' }),
      ],
    },
  ],
};

describe('stepPayload', () => {
  // Seed 001 s3 Lead payload: "car_id, car_dealership_id, ... manufacturer_slug, ...
  // autogauge_enabled"; Enquiry payload: "page_id".
  it("sends a car's dealership, manufacturer, price comparison switch and the page", () => {
    const values = {
      name: 'Jo',
      car_id: '42',
      car_dealership_id: '31',
      manufacturer_slug: 'toyota',
      autogauge_enabled: 'true',
    };
    const payload = stepPayload(enquiry, 'acme', values, 0, null, {
      url: 'http://acme.localhost/cars/2024-toyota-rav4-42?utm_source=mail',
      userAgent: 'test-agent',
      query: new URLSearchParams('utm_source=mail'),
    });
    expect(payload).toMatchObject({
      car_id: 42,
      car_dealership_id: '31',
      manufacturer_slug: 'toyota',
      autogauge_enabled: true,
      page_id: '/cars/2024-toyota-rav4-42',
    });
    const off = stepPayload(enquiry, 'acme', { ...values, autogauge_enabled: 'false' }, 0, null, {
      url: 'http://acme.localhost/contact-us',
      userAgent: 'test-agent',
      query: new URLSearchParams(),
    });
    expect(off.autogauge_enabled).toBe(false);
  });
});

describe('additional services', () => {
  const services = field('additional_services', 'I am also interested in', 'choices', {
    options: ['Extended warranty', 'Service plan', 'Roadside assistance'],
  });
  const view: FormPageView = {
    ...enquiry,
    steps: [{ title: null, fields: [...contactFields, services] }],
  };
  const browser = {
    url: 'http://acme.localhost/contact-us',
    userAgent: 'test-agent',
    query: new URLSearchParams(),
  };

  // Seed 001 s3 Enquiry payload: "... page_id, additional_services, lead_id ...".
  it('sends the ticked services in the form order, and nothing when none is ticked', () => {
    const ticked = stepPayload(
      view,
      'acme',
      { name: 'Jo', additional_services: ['Roadside assistance', 'Extended warranty'] },
      0,
      null,
      browser,
    );
    expect(ticked.additional_services).toEqual(['Extended warranty', 'Roadside assistance']);
    const none = stepPayload(
      view,
      'acme',
      { name: 'Jo', additional_services: [] },
      0,
      null,
      browser,
    );
    expect('additional_services' in none).toBe(false);
  });
});
