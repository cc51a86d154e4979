import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardView } from '../types/generated/CardView';
import { MESSAGES } from '../types/generated/messages';
import { CarCard } from './car-card';
import { CarGrid } from './car-grid';
import { COMPARISON_RATE_MARK } from './comparison-rate-note';
import { testCard } from './test-card';

afterEach(cleanup);

const base: CardView = testCard;

describe('CarCard', () => {
  it('shows price, km, weekly finance, tag, lazy image and buttons of an available car', () => {
    render(<CarCard favourites={false} car={base} />);
    expect(screen.getByText('$32,990')).toBeTruthy();
    expect(screen.getByText('12,345 km')).toBeTruthy();
    expect(screen.getByText('$123/wk')).toBeTruthy();
    expect(screen.getByText('New Arrival')).toBeTruthy();
    const img = document.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('640');
    // The title is the card's one link to the car; View Details would only repeat it.
    expect(screen.getByRole('link', { name: '2022 Toyota RAV4 GX' }).getAttribute('href')).toBe(
      base.path,
    );
    expect(screen.queryByRole('link', { name: 'View Details: 2022 Toyota RAV4 GX' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Reserve Now: 2022 Toyota RAV4 GX' })).toBeTruthy();
    expect(screen.queryByText('Find Me Something Similar')).toBeNull();
  });

  it('shows the photo count and the spec chips', () => {
    render(<CarCard favourites={false} car={base} />);
    expect(document.querySelector('.car-card__photos')?.textContent).toBe('12 photos');
    const chips = [...document.querySelectorAll('.car-card__chip')].map((c) => c.textContent);
    expect(chips).toEqual(['2022', '12,345 km', 'Automatic', 'Petrol']);
  });

  it('says Reserved on a held car under another tag, and once under the Reserved tag', () => {
    const held = {
      ...base,
      reserved: true,
      reserve_url: null,
      tag: { kind: 'fuel' as const, text: 'Hybrid' },
      buttons: base.buttons.filter((b) => b.kind !== 'reserve'),
    };
    render(<CarCard favourites={false} car={held} />);
    expect(screen.getByText('Hybrid')).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.RESERVED)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /Reserve Now/ })).toBeNull();
    cleanup();
    render(
      <CarCard
        favourites={false}
        car={{ ...held, tag: { kind: 'reserved', text: MESSAGES.RESERVED } }}
      />,
    );
    expect(screen.getAllByText(MESSAGES.RESERVED)).toHaveLength(1);
  });

  it('shows the sold wording and Find Me Something Similar instead of buttons', () => {
    render(
      <CarCard
        favourites={false}
        car={{
          ...base,
          available: false,
          status: 'sold',
          sold_text: 'JUST SOLD',
          finance: null,
          reserve_url: null,
          find_similar_url: '/search/toyota/rav4',
        }}
      />,
    );
    expect(screen.getByText('JUST SOLD')).toBeTruthy();
    expect(screen.queryByText('New Arrival')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Find Me Something Similar' }).getAttribute('href'),
    ).toBe('/search/toyota/rav4');
    expect(screen.queryByText('View Details')).toBeNull();
  });

  it("shows 'Enquire for price.' and Find Me Something Similar without a visible price", () => {
    render(
      <CarCard
        favourites={false}
        car={{
          ...base,
          price: null,
          price_text: 'Enquire for price.',
          finance: null,
          reserve_url: null,
          find_similar_url: '/search/toyota/rav4',
        }}
      />,
    );
    expect(screen.getByText('Enquire for price.')).toBeTruthy();
    expect(screen.queryByText(/\/wk/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toBeTruthy();
  });

  it('shows the comparison rate beside the weekly repayment, in the same line and type, marked to the note', () => {
    render(<CarCard favourites={false} car={base} />);
    const amount = screen.getByText('$123/wk');
    const line = amount.closest('p');
    expect(line?.className).toContain('car-card__weekly');
    const rate = screen.getByText(`${MESSAGES.COMPARISON_RATE} 8.19% p.a.`, { exact: false });
    // Same paragraph, so the same font size and weight; neither is styled smaller.
    expect(rate.closest('p')).toBe(line);
    expect(line?.textContent).toBe(
      `$123/wk ${MESSAGES.COMPARISON_RATE} 8.19% p.a.${COMPARISON_RATE_MARK}`,
    );
    expect(line?.querySelectorAll('small, sub, sup')).toHaveLength(0);
    // A card alone does not repeat the warning; the grid or page shows it once.
    expect(screen.queryByText(MESSAGES.COMPARISON_RATE_WARNING, { exact: false })).toBeNull();
  });

  it("is one link to the car with at most two of the dealer's actions, the location off the photo, and the view count", () => {
    const buttons: CardView['buttons'] = [
      { kind: 'details', label: 'View Details', url: '/cars/2022-toyota-rav4-gx' },
      { kind: 'test_drive', label: 'Book a Test Drive', url: '/book-test-drive?car_id=7' },
      {
        kind: 'finance',
        label: 'Get Pre-Approved',
        url: '/finance?car_id=7&car_type=used#finance-form',
      },
      { kind: 'trade_in', label: 'Get Your Valuation', url: '/cars/trade-in?car_id=7' },
      {
        kind: 'online_purchase',
        label: 'Buy Online',
        url: '/checkout-journey?car_id=2022-toyota-rav4-gx',
      },
    ];
    render(<CarCard favourites={false} car={{ ...base, buttons, views_text: '1,234 views' }} />);
    const links = screen.getAllByRole('link').filter((a) => a.className.includes('button'));
    // View Details is the card itself; the next two of the dealer's buttons, in its order.
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      buttons.slice(1, 3).map((b) => [b.label, b.url]),
    );
    expect(
      screen.getByRole('link', { name: 'Book a Test Drive: 2022 Toyota RAV4 GX' }),
    ).toBeTruthy();
    expect(screen.queryByText('Reserve Now')).toBeNull();
    expect(
      screen.getAllByRole('link').filter((a) => a.getAttribute('href') === base.path),
    ).toHaveLength(1);
    expect(document.querySelector('.car-card__media .car-card__location')).toBeNull();
    expect(document.querySelector('.car-card__body .car-card__location')?.textContent).toBe(
      'Acme Springwood',
    );
    expect(screen.getByText('1,234 views')).toBeTruthy();
  });

  it('shows the certified logo of a certified tag', () => {
    render(
      <CarCard
        favourites={false}
        car={{
          ...base,
          tag: { kind: 'certified', text: 'Toyota' },
          tag_logo: { url: '/certified.svg', alt: 'Toyota certified pre-owned' },
        }}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Toyota certified pre-owned' }).getAttribute('src'),
    ).toBe('/certified.svg');
  });

  // Seed 001 s9: "Angle card shows $0 final payment".
  it('states the final payment where the provider card does (Angle), else none', () => {
    const finance = base.finance ? { ...base.finance, final_payment: '$0' } : null;
    render(<CarCard favourites={false} car={{ ...base, finance }} />);
    expect(document.querySelector('.car-card__final-payment')?.textContent).toBe(
      'Final payment $0',
    );
    cleanup();
    render(<CarCard favourites={false} car={base} />);
    expect(screen.queryByText(/Final payment/)).toBeNull();
  });

  it('shows no repayment and no rate without finance', () => {
    render(<CarCard favourites={false} car={{ ...base, finance: null }} />);
    expect(screen.queryByText(/\/wk/)).toBeNull();
    expect(screen.queryByText(MESSAGES.COMPARISON_RATE, { exact: false })).toBeNull();
    expect(document.body.textContent).not.toContain(COMPARISON_RATE_MARK);
  });
});

describe('CarGrid', () => {
  it('shows the comparison rate warning once, visibly, under a grid with repayments', () => {
    const cars = [base, { ...base, id: 8 }, { ...base, id: 9, finance: null }];
    render(<CarGrid cars={cars} label="Cars" />);
    expect(
      screen.getAllByText(`${MESSAGES.COMPARISON_RATE} 8.19% p.a.`, { exact: false }),
    ).toHaveLength(2);
    const notes = screen.getAllByText(MESSAGES.COMPARISON_RATE_WARNING, { exact: false });
    expect(notes).toHaveLength(1);
    expect(notes[0]?.textContent).toContain(MESSAGES.COMPARISON_RATE_BASIS);
    expect(notes[0]?.closest('details, [hidden], [aria-hidden="true"]')).toBeNull();
  });

  it('shows no warning when no card shows a repayment', () => {
    render(<CarGrid cars={[{ ...base, finance: null }]} label="Cars" />);
    expect(screen.queryByText(MESSAGES.COMPARISON_RATE_WARNING, { exact: false })).toBeNull();
  });
});
