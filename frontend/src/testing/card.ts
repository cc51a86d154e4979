// Test helper: an available used car's card, as the Rust view gives it.
import type { CardView } from '../types/generated/CardView';

/** A card with every field set; tests override what they check. */
export const testCard: CardView = {
  id: 7,
  slug: '2022-toyota-rav4-gx',
  path: '/cars/2022-toyota-rav4-gx',
  name: '2022 Toyota RAV4 GX',
  make: 'Toyota',
  model: 'RAV4',
  year: 2022,
  badge: 'GX',
  car_type: 'used',
  status: 'in_stock',
  available: true,
  price: 32990,
  price_text: '$32,990',
  price_type: null,
  km: 12345,
  km_text: '12,345 km',
  tag: { kind: 'new_arrival', text: 'New Arrival' },
  tag_logo: null,
  sold_text: null,
  image: { url: '/media/rav4.svg', alt: '2022 Toyota RAV4 GX' },
  location_name: 'Acme Springwood',
  finance: { weekly: '$123', interest_rate: '7.99% p.a.', comparison_rate: '8.19% p.a.' },
  find_similar_url: null,
  reserve_url: '/cars/2022-toyota-rav4-gx/checkout',
  saveable: true,
  buttons: [
    { kind: 'details', label: 'View Details', url: '/cars/2022-toyota-rav4-gx' },
    { kind: 'reserve', label: 'Reserve Now', url: '/cars/2022-toyota-rav4-gx/checkout' },
  ],
  views_text: null,
  photo_count: 12,
  spec_chips: ['Automatic', 'Petrol'],
  reserved: false,
};
