import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardView } from '../types/generated/CardView';
import { CarCard } from './car-card';

afterEach(cleanup);

const base: CardView = {
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
  sold_text: null,
  image: { url: '/media/rav4.svg', alt: '2022 Toyota RAV4 GX' },
  location_name: 'Acme Springwood',
  weekly: '$123',
  find_similar_url: null,
  reserve_url: '/cars/2022-toyota-rav4-gx/checkout',
};

describe('CarCard', () => {
  it('shows price, km, weekly finance, tag, lazy image and buttons of an available car', () => {
    render(<CarCard car={base} />);
    expect(screen.getByText('$32,990')).toBeTruthy();
    expect(screen.getByText('12,345 km')).toBeTruthy();
    expect(screen.getByText('$123/wk')).toBeTruthy();
    expect(screen.getByText('New Arrival')).toBeTruthy();
    const img = document.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('640');
    expect(screen.getByRole('link', { name: 'View Details: 2022 Toyota RAV4 GX' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reserve Now: 2022 Toyota RAV4 GX' })).toBeTruthy();
    expect(screen.queryByText('Find Me Something Similar')).toBeNull();
  });

  it('shows the sold wording and Find Me Something Similar instead of buttons', () => {
    render(
      <CarCard
        car={{ ...base, available: false, status: 'sold', sold_text: 'JUST SOLD', weekly: null, reserve_url: null, find_similar_url: '/search/toyota/rav4' }}
      />,
    );
    expect(screen.getByText('JUST SOLD')).toBeTruthy();
    expect(screen.queryByText('New Arrival')).toBeNull();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' }).getAttribute('href')).toBe('/search/toyota/rav4');
    expect(screen.queryByText('View Details')).toBeNull();
  });

  it("shows 'Enquire for price.' and Find Me Something Similar without a visible price", () => {
    render(<CarCard car={{ ...base, price: null, price_text: 'Enquire for price.', weekly: null, reserve_url: null, find_similar_url: '/search/toyota/rav4' }} />);
    expect(screen.getByText('Enquire for price.')).toBeTruthy();
    expect(screen.queryByText(/\/wk/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toBeTruthy();
  });
});
