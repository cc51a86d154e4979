import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceRangeSlider } from './price-range-slider';

afterEach(cleanup);

const view = {
  min: 5000,
  max: 250000,
  step: 500,
  low: 5000,
  high: 250000,
  search_path: '/search/new-used-and-demo-cars',
  sort_by: 'price_desc',
};

describe('PriceRangeSlider', () => {
  it('moves on 500 steps between 5000 and 250000, the thumbs never meet, and the button searches highest price first (seed 001 s2 "Price-range slider with a button that goes to search sorted by price descending")', () => {
    render(<PriceRangeSlider view={view} />);
    const low = screen.getByRole('slider', { name: 'Minimum Price' }) as HTMLInputElement;
    const high = screen.getByRole('slider', { name: 'Maximum Price' }) as HTMLInputElement;
    expect([low.min, low.max, low.step, low.value, high.value]).toEqual([
      '5000',
      '250000',
      '500',
      '5000',
      '250000',
    ]);
    fireEvent.change(high, { target: { value: '40000' } });
    fireEvent.change(low, { target: { value: '40000' } });
    expect([low.value, high.value]).toEqual(['39500', '40000']);
    expect(low.getAttribute('aria-valuetext')).toBe('$39,500');
    const link = screen.getByRole('link', { name: 'Search, highest price first' });
    expect(link.getAttribute('href')).toBe(
      '/search/new-used-and-demo-cars?sortBy=price_desc&range%5Bprice%5D=39500%3A40000',
    );
  });
});
