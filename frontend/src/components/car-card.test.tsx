import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardView } from '../types/generated/CardView';
import { MESSAGES } from '../types/generated/messages';
import { CarCard, MORE_ACTIONS } from './car-card';
import { CarGrid } from './car-grid';
import { COMPARISON_RATE_MARK } from './comparison-rate-note';
import { testCard } from '../testing/card';

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
    // The title's link covers the card; the dealer's View Details is a button beside it.
    expect(screen.getByRole('link', { name: '2022 Toyota RAV4 GX' }).getAttribute('href')).toBe(
      base.path,
    );
    expect(
      screen.getByRole('link', { name: 'View Details: 2022 Toyota RAV4 GX' }).getAttribute('href'),
    ).toBe(base.path);
    expect(screen.getByRole('link', { name: 'Reserve Now: 2022 Toyota RAV4 GX' })).toBeTruthy();
    // Two buttons fit, so there is nothing under More.
    expect(document.querySelector('.car-card__more')).toBeNull();
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

  const many: CardView['buttons'] = [
    { kind: 'details', label: 'View Details', url: '/cars/2022-toyota-rav4-gx' },
    { kind: 'test_drive', label: 'Book a Test Drive', url: '/book-test-drive?car_id=7' },
    {
      kind: 'finance',
      label: 'Get Pre-Approved',
      url: '/finance?car_id=7&car_type=used#finance-form',
    },
    { kind: 'reserve', label: 'Reserve Now', url: '/cars/2022-toyota-rav4-gx/checkout' },
    { kind: 'enquire', label: 'Enquire', url: '/enquiry?car_id=7' },
  ];
  const buttonLinks = (root: ParentNode = document) =>
    [...root.querySelectorAll<HTMLAnchorElement>('.car-card__actions a.button')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);

  it("shows every one of the dealer's buttons in its order: two at once, the rest under More", () => {
    render(
      <CarCard favourites={false} car={{ ...base, buttons: many, views_text: '1,234 views' }} />,
    );
    // Every button, View Details included, in the dealer's order, once each.
    expect(buttonLinks()).toEqual(many.map((b) => [b.label, b.url]));
    const more = document.querySelector('details.car-card__more') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    // The first two are outside the disclosure; the other three inside it.
    const actions = document.querySelector('.car-card__actions') as HTMLElement;
    expect([...actions.querySelectorAll(':scope > a.button')].map((a) => a.textContent)).toEqual([
      'View Details',
      'Book a Test Drive',
    ]);
    expect(buttonLinks(more)).toEqual(many.slice(2).map((b) => [b.label, b.url]));
    // The first button is the primary one; the rest secondary.
    expect(
      [...actions.querySelectorAll('a.button')].map((a) =>
        a.classList.contains('button--secondary'),
      ),
    ).toEqual([false, true, true, true, true]);
    // One Reserve Now per card, still a link with that text (the journeys find it so).
    expect(screen.getAllByText('Reserve Now')).toHaveLength(1);
    expect(screen.getByText('Reserve Now').tagName).toBe('A');
    expect(screen.getByRole('link', { name: 'Enquire: 2022 Toyota RAV4 GX' })).toBeTruthy();
    expect(screen.getByText('1,234 views')).toBeTruthy();
  });

  it('opens More from the keyboard, and Escape closes it and returns focus to its summary', () => {
    render(<CarCard favourites={false} car={{ ...base, buttons: many }} />);
    const more = document.querySelector('details.car-card__more') as HTMLDetailsElement;
    const summary = screen.getByText(MORE_ACTIONS).closest('summary') as HTMLElement;
    // A details' first summary is a native control: focusable, and Enter or Space toggles it.
    expect(summary.parentElement).toBe(more);
    expect(more.firstElementChild).toBe(summary);
    expect(summary.getAttribute('aria-label')).toBe(`${MORE_ACTIONS}: 2022 Toyota RAV4 GX`);
    summary.focus();
    expect(document.activeElement).toBe(summary);
    fireEvent.click(summary);
    expect(more.open).toBe(true);
    const reserve = within(more).getByRole('link', { name: 'Reserve Now: 2022 Toyota RAV4 GX' });
    reserve.focus();
    fireEvent.keyDown(reserve, { key: 'Escape' });
    expect(more.open).toBe(false);
    expect(document.activeElement).toBe(summary);
    // Other keys leave it be.
    fireEvent.click(summary);
    fireEvent.keyDown(summary, { key: 'ArrowDown' });
    expect(more.open).toBe(true);
  });

  it('closes More on a click outside it and when the focus leaves it', async () => {
    render(
      <>
        <CarCard favourites={false} car={{ ...base, buttons: many }} />
        <button type="button">elsewhere</button>
      </>,
    );
    const more = document.querySelector('details.car-card__more') as HTMLDetailsElement;
    const summary = more.querySelector('summary') as HTMLElement;
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    // The toggle event comes after the click, as in a browser; the outside listener waits for it.
    await act(async () => {
      fireEvent.click(summary);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(more.open).toBe(true);
    fireEvent.mouseDown(summary);
    expect(more.open).toBe(true);
    fireEvent.mouseDown(elsewhere);
    expect(more.open).toBe(false);
    fireEvent.click(summary);
    const enquire = within(more).getByRole('link', { name: /Enquire/ });
    fireEvent.blur(enquire, { relatedTarget: within(more).getByRole('link', { name: /Reserve/ }) });
    expect(more.open).toBe(true);
    fireEvent.blur(enquire, { relatedTarget: elsewhere });
    expect(more.open).toBe(false);
  });

  it('shows the yard over the photo, not again in the body', () => {
    render(<CarCard favourites={false} car={base} />);
    const location = document.querySelector('.car-card__location');
    expect(location?.parentElement?.className).toBe('car-card__media');
    expect(location?.textContent).toBe('Acme Springwood');
    expect(screen.getAllByText('Acme Springwood')).toHaveLength(1);
    expect(document.querySelector('.car-card__body')?.textContent).not.toContain('Acme Springwood');
    cleanup();
    render(<CarCard favourites={false} car={{ ...base, location_name: null }} />);
    expect(document.querySelector('.car-card__location')).toBeNull();
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
