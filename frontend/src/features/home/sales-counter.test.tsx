import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalesCounterView } from '../../types/generated/SalesCounterView';
import { SalesCounter } from './sales-counter';

const counter: SalesCounterView = {
  heading: 'Cars sold today',
  sales_per_day: 192,
  seconds_per_sale: 450,
  refresh_ms: 150_000,
  utc_offset_seconds: 36_000,
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SalesCounter', () => {
  it('counts after hydration and recounts every refresh_ms', () => {
    // Brisbane noon: 96 sales.
    let now = Date.parse('2026-11-22T02:00:00Z');
    render(<SalesCounter counter={counter} now={() => now} />);
    expect(screen.getByRole('heading', { name: 'Cars sold today' })).toBeTruthy();
    expect(screen.getByTestId('sales-count').textContent).toBe('96');
    expect(screen.getByText('One every 7.5 minutes, 192 a day (Brisbane time).')).toBeTruthy();

    // 450 seconds later the next sale is counted at the next refresh, not before.
    now += 450_000;
    act(() => {
      vi.advanceTimersByTime(149_999);
    });
    expect(screen.getByTestId('sales-count').textContent).toBe('96');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('sales-count').textContent).toBe('97');
  });
});
