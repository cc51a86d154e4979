// Test helpers: location views as the Rust side builds them.
import type { DepartmentView } from '../types/generated/DepartmentView';
import type { LocationView } from '../types/generated/LocationView';
import type { RatingView } from '../types/generated/RatingView';

/** A rating as domain::view::location::rating_view gives it. */
export function rating(average: number, whole: number, partial: number, count = 1): RatingView {
  return { count, average, stars: { whole, partial }, label: `${average.toFixed(1)} out of 5` };
}

export const salesDepartment: DepartmentView = {
  location_type: 'sales',
  label: 'Sales',
  location_name: 'Acme Springwood',
  url: '/locations/acme-springwood',
  phone: { display: '07 3000 1234', href: 'tel:0730001234', masked: false },
  hours: [
    { label: 'Monday - Friday', text: '8:30am - 5:30pm', enquire_link: false },
    { label: 'Saturday', text: '8:30am - 4:00pm', enquire_link: false },
    { label: 'Sunday', text: 'Enquire', enquire_link: true },
  ],
  enquire_url: '/contact-us',
  holiday_hours: [
    {
      date: '2026-12-24',
      label: 'Thursday 24 December 2026',
      occasion: 'Christmas Eve',
      text: '8:00am - 12:00pm',
    },
    {
      date: '2026-12-25',
      label: 'Friday 25 December 2026',
      occasion: 'Christmas Day',
      text: 'Closed',
    },
  ],
  schedule: {
    time_zone: 'Australia/Brisbane',
    week: [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:30', closes: '17:30' })),
      { weekday: 6, opens: '08:30', closes: '16:00' },
    ],
    special: [{ date: '2026-12-24', opens: '08:00', closes: '12:00' }, { date: '2026-12-25' }],
    row_weekdays: [[1, 2, 3, 4, 5], [6], [0]],
  },
};

export const serviceDepartment: DepartmentView = {
  location_type: 'service-and-parts',
  label: 'Service & Parts',
  location_name: 'Acme Springwood Service',
  url: '/locations/acme-springwood-service',
  phone: { display: '07 3000 5555', href: 'tel:0730005555', masked: false },
  hours: [
    { label: 'Monday', text: '7:00am - 5:00pm', enquire_link: false },
    { label: 'Tuesday', text: '7:30am - 5:00pm', enquire_link: false },
    { label: 'Sunday', text: 'By appointment only', enquire_link: false },
  ],
  enquire_url: '/contact-us',
  holiday_hours: [],
  schedule: {
    time_zone: 'Australia/Brisbane',
    week: [
      { weekday: 1, opens: '07:00', closes: '17:00' },
      { weekday: 2, opens: '07:30', closes: '17:00' },
    ],
    special: [],
    row_weekdays: [[1], [2], [0]],
  },
};

/** A location card view. */
export function locationView(slug: string, overrides: Partial<LocationView> = {}): LocationView {
  return {
    id: 1,
    slug,
    name: `Acme ${slug}`,
    location_type: 'sales',
    department: 'Sales',
    street: '1 Main Street',
    locality: 'Springwood QLD 4127',
    phone: { display: '07 3000 1234', href: 'tel:0730001234', masked: false },
    landline: null,
    hours_heading: 'Opening Hours',
    hours: [],
    schedule: { time_zone: 'Australia/Brisbane', week: [], special: [], row_weekdays: [] },
    url: `/locations/${slug}`,
    contact_url: `/contact-us/${slug}`,
    enquire_url: '/contact-us',
    stock_url: `/search/${slug}`,
    directions_url: 'https://www.google.com/maps/dir/?api=1&destination=-27.6,153.1',
    image: null,
    badge: null,
    dealer_licence: null,
    repairer_number: null,
    rating: null,
    point: { lat: -27.6, lng: 153.1 },
    map_key: null,
    ...overrides,
  };
}
