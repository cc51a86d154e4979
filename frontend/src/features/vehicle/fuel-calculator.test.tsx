import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FuelCalculator } from './fuel-calculator';

afterEach(cleanup);

describe('FuelCalculator', () => {
  it('starts from the Rust values and recomputes as the shopper edits', () => {
    window.dataLayer = [];
    render(
      <FuelCalculator
        start={{ fuel_price: 1.7, km_per_week: 250, consumption: 7.4, weekly_cost: 31.45 }}
      />,
    );
    const output = () => document.querySelector('output')?.textContent;
    expect(output()).toBe('$31.45');
    expect(screen.getByText('Fuel economy: 7.4 L/100km')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kilometres a week'), { target: { value: '500' } });
    expect(output()).toBe('$62.90');
    fireEvent.change(screen.getByLabelText('Fuel price ($ a litre)'), { target: { value: '2' } });
    expect(output()).toBe('$74');
    fireEvent.change(screen.getByLabelText('Kilometres a week'), { target: { value: '' } });
    expect(output()).toBe('$0');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_calculator', event_id: 26 }),
    ]);
  });
});
