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
        car={{ ...base, available: false, status: 'sold', sold_text: 'JUST SOLD', finance: null, reserve_url: null, find_similar_url: '/search/toyota/rav4' }}
      />,
    );
    expect(screen.getByText('JUST SOLD')).toBeTruthy();
    expect(screen.queryByText('New Arrival')).toBeNull();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' }).getAttribute('href')).toBe('/search/toyota/rav4');
    expect(screen.queryByText('View Details')).toBeNull();
  });

  it("shows 'Enquire for price.' and Find Me Something Similar without a visible price", () => {
    render(<CarCard car={{ ...base, price: null, price_text: 'Enquire for price.', finance: null, reserve_url: null, find_similar_url: '/search/toyota/rav4' }} />);
    expect(screen.getByText('Enquire for price.')).toBeTruthy();
    expect(screen.queryByText(/\/wk/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toBeTruthy();
  });

  it('shows the comparison rate beside the weekly repayment, in the same line and type, marked to the note', () => {
    render(<CarCard car={base} />);
    const amount = screen.getByText('$123/wk');
    const line = amount.closest('p');
    expect(line?.className).toContain('car-card__weekly');
    const rate = screen.getByText(`${MESSAGES.COMPARISON_RATE} 8.19% p.a.`, { exact: false });
    // Same paragraph, so the same font size and weight; neither is styled smaller.
    expect(rate.closest('p')).toBe(line);
    expect(line?.textContent).toBe(`$123/wk ${MESSAGES.COMPARISON_RATE} 8.19% p.a.${COMPARISON_RATE_MARK}`);
    expect(line?.querySelectorAll('small, sub, sup')).toHaveLength(0);
    // A card alone does not repeat the warning; the grid or page shows it once.
    expect(screen.queryByText(MESSAGES.COMPARISON_RATE_WARNING, { exact: false })).toBeNull();
  });

  it('shows no repayment and no rate without finance', () => {
    render(<CarCard car={{ ...base, finance: null }} />);
    expect(screen.queryByText(/\/wk/)).toBeNull();
    expect(screen.queryByText(MESSAGES.COMPARISON_RATE, { exact: false })).toBeNull();
    expect(document.body.textContent).not.toContain(COMPARISON_RATE_MARK);
  });
});

describe('CarGrid', () => {
  it('shows the comparison rate warning once, visibly, under a grid with repayments', () => {
    const cars = [base, { ...base, id: 8 }, { ...base, id: 9, finance: null }];
    render(<CarGrid cars={cars} label="Cars" />);
    expect(screen.getAllByText(`${MESSAGES.COMPARISON_RATE} 8.19% p.a.`, { exact: false })).toHaveLength(2);
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
