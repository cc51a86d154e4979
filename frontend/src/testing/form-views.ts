// Test helper: form views as the Rust side builds them (domain::view::form).
import type { FormPageView } from '../types/generated/FormPageView';
import type { VehicleFormsView } from '../types/generated/VehicleFormsView';
import { field } from './form-fields';

/** The contact details step of most forms. */
export const contactFields = [
  field('name', 'First name', 'text', { required_message: 'First name is required.' }),
  field('last_name', 'Last name', 'text'),
  field('email', 'Email', 'email', { required_message: 'Email is required.' }),
  field('phone', 'Phone', 'tel', { required_message: 'Phone is required.' }),
  field('postcode', 'Postcode', 'postcode', { max_length: 4 }),
];

/** What every form view has, with one location. */
export const baseView: Omit<
  FormPageView,
  'steps' | 'kind' | 'form_id' | 'category' | 'subcategory'
> = {
  title: 'Make an Enquiry',
  intro: 'Send us a message.',
  locations: [{ id: 2, name: 'Acme Springwood', slug: 'springwood' }],
  default_location_id: 2,
  terms: null,
  privacy_url: '/privacy-policy',
  submit_label: 'Enquire Now',
  next_label: 'Next',
  booking: null,
  breadcrumbs: [],
  thank_you: { title: 'Thank You', text: 'We have received your enquiry.' },
  api_path: '/api/leads',
  lead_source: 'Website',
  car: null,
  calculator: null,
  event_id: 22,
  subject: null,
  appointment: null,
  message_preset: null,
  send_on_last_step: false,
  card_payment: null,
  category_choices: [],
  dealerships: [],
};

/** The car of the car forms. */
export const rav4 = {
  id: 42,
  slug: 'car-42',
  name: '2024 Toyota RAV4 GX',
  make: 'Toyota',
  model: 'RAV4',
  primary_image_url: '/media/42.jpg',
  stocknum: 'T123',
  body: '5D Wagon',
  simple_body: 'SUV',
};

/** The vehicle-page part of the forms of car `id` (the RAV4), at `location_slug`. */
export function rav4Forms(id: number, location_slug: string | null): VehicleFormsView {
  return {
    enquiry: {
      label: 'Enquire Now',
      title: 'Make an Enquiry',
      url: `/contact-us?car_id=${id}`,
      intro: 'Ask us about the 2024 Toyota RAV4 GX.',
    },
    test_drive: {
      label: 'Book a Test Drive',
      title: 'Book a Test Drive',
      url: `/book-test-drive?car_id=${id}`,
      intro: 'Drive the 2024 Toyota RAV4 GX.',
    },
    photo_request: {
      label: 'Request Photos',
      title: 'Request Photos',
      url: `/contact-us?car_id=${id}&message=Please%20send%20photos%20for%20this%20car`,
      intro: 'Photos of the 2024 Toyota RAV4 GX.',
    },
    set_url: '/_site/vehicle-forms.json',
    car: rav4,
    values: [
      { name: 'car_id', value: String(id) },
      { name: 'Vehicle Make', value: 'Toyota' },
      { name: 'Vehicle Model', value: 'RAV4' },
      { name: 'vehicle_status', value: 'new' },
    ],
    location_slug,
  };
}

/** The reserve form of car 42, of a dealer paid at the dealership (no card field). */
export const reserveView: FormPageView = {
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
};

/** A car's general enquiry. */
export const carEnquiry: FormPageView = {
  ...baseView,
  kind: 'general_enquiry',
  form_id: 'enquiry-form',
  category: 'General Enquiry',
  subcategory: null,
  subject: rav4,
  steps: [
    {
      title: null,
      fields: [
        ...contactFields,
        field('message', 'Message', 'textarea', {
          required_message: 'Message is required.',
          query_param: 'message',
        }),
        field('opt_in', 'Keep me up to date with news and offers', 'checkbox'),
        field('car_id', 'Car', 'hidden', { default_value: '42', query_param: 'car_id' }),
        field('Vehicle Make', 'Vehicle Make', 'hidden', { default_value: 'Toyota' }),
      ],
    },
  ],
};

/** A test drive at two locations (the select shown), sent on its last step. */
export const testDrive: FormPageView = {
  ...baseView,
  title: 'Book a Test Drive',
  kind: 'test_drive',
  form_id: 'test-drive-form',
  category: 'Test Drive',
  subcategory: null,
  submit_label: 'Book Test Drive',
  event_id: 14,
  thank_you: { title: 'Thank You', text: 'We have received your test drive request.' },
  locations: [
    { id: 1, name: 'Acme Springwood', slug: 'springwood' },
    { id: 3, name: 'Acme Capalaba', slug: 'capalaba' },
  ],
  default_location_id: 3,
  subject: rav4,
  send_on_last_step: true,
  card_payment: null,
  appointment: {
    api_path: '/api/appointments',
    horizon_days: 60,
    time_missing: 'Please choose a time, or clear the date.',
    booked_template: 'Your test drive is booked for {time} on {date} at {location}.',
    visit: 'test drive',
  },
  steps: [
    {
      title: 'Date and Time',
      fields: [
        field('location', 'Location', 'location', { required_message: 'Location is required.' }),
        field('appointment.date', 'Preferred date', 'date'),
        field('appointment.time', 'Preferred time', 'slot'),
      ],
    },
    {
      title: 'Contact Details',
      fields: [
        ...contactFields,
        field('message', 'Message', 'textarea'),
        field('car_id', 'Car', 'hidden', { default_value: '42', query_param: 'car_id' }),
      ],
    },
  ],
};
