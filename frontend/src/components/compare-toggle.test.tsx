import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPARE_MAX_CARS } from '../types/generated/constants';
import { CarCard } from './car-card';
import {
  COMPARE_KEY,
  comparedCars,
  resetCompared,
  toggleCompared,
} from '../features/compare/compare-store';
import { CompareToggle } from './compare-toggle';
import { removeToast, ToastRegion } from './toast';
import { testCard } from '../testing/card';

const ref = (id: number) => ({
  id,
  name: `Car ${id}`,
  slug: `car-${id}`,
  make: 'Mazda',
  model: 'CX-5',
  primary_image_url: '',
});

beforeEach(() => {
  window.localStorage.clear();
  resetCompared();
});
afterEach(() => {
  cleanup();
  act(() => removeToast());
});

describe('compare toggle (seed 000 s4 "save or compare toggle")', () => {
  it('keeps the compared cars locally, like the favourites, at most COMPARE_MAX_CARS', () => {
    expect(COMPARE_MAX_CARS).toBe(4);
    for (const id of [1, 2, 3, 4]) expect(toggleCompared(ref(id))).toBe('added');
    expect(toggleCompared(ref(5))).toBe('full');
    expect(comparedCars().map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(toggleCompared(ref(2))).toBe('removed');
    const stored = JSON.parse(window.localStorage.getItem(COMPARE_KEY) ?? '[]') as { id: number }[];
    expect(stored.map((c) => c.id)).toEqual([1, 3, 4]);
    // A list written by hand or by an older release is read, never trusted.
    window.localStorage.setItem(COMPARE_KEY, '[{"id":9,"name":"Nine"},{"id":9},"x",{"id":-1}]');
    resetCompared();
    expect(comparedCars().map((c) => c.id)).toEqual([9]);
  });

  it('is a pressed button on the card where the site offers comparing, and says what it did', () => {
    render(
      <>
        <CarCard car={testCard} favourites={false} compare />
        <ToastRegion />
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Compare 2022 Toyota RAV4 GX' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain(
      `Added the 2022 Toyota RAV4 GX to compare (1 of ${COMPARE_MAX_CARS}).`,
    );
    expect(screen.getByRole('link', { name: 'Compare cars' }).getAttribute('href')).toBe(
      '/compare',
    );
    // The text never changes, so a stored comparison moves nothing after hydration.
    expect(toggle.textContent).toBe('Compare');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('Removed the 2022 Toyota RAV4 GX');
  });

  it('says how many cars it takes when the comparison is full', () => {
    for (const id of [1, 2, 3, 4]) toggleCompared(ref(id));
    render(
      <>
        <CompareToggle car={ref(5)} />
        <ToastRegion />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Compare Car 5' }));
    expect(screen.getByRole('status').textContent).toContain(
      'You can compare up to 4 cars. Remove one to add the Car 5.',
    );
    expect(comparedCars()).toHaveLength(4);
  });

  it('is not on the card where the site does not offer comparing, and renders the same for everyone', () => {
    render(<CarCard car={testCard} favourites={false} />);
    expect(screen.queryByRole('button', { name: /^Compare/ })).toBeNull();
    cleanup();
    toggleCompared(ref(testCard.id));
    // The server knows no shopper's comparison.
    const html = renderToString(<CarCard car={testCard} favourites={false} compare />);
    expect(html).toContain('aria-pressed="false"');
  });
});
