import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocationCard } from './location-card';
import { locationView, salesDepartment } from '../../testing/location-views';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const withHours = locationView('springwood', {
  hours: salesDepartment.hours,
  schedule: salesDepartment.schedule,
});

describe('LocationCard', () => {
  it("says whether the yard is open and marks today's row, as the location page does", async () => {
    vi.useFakeTimers();
    // A Saturday afternoon in Brisbane.
    vi.setSystemTime(new Date('2026-12-05T15:00+10:00'));
    render(<LocationCard location={withHours} headingLevel={3} showHours />);
    await act(async () => {});
    expect(screen.getByText('Open now, closes 4:00 pm')).toBeTruthy();
    const today = document.querySelector('tr[aria-current="date"]');
    expect(today?.querySelector('th')?.textContent).toBe('Saturday (today)');
  });

  it('shows neither without its hours', () => {
    render(<LocationCard location={withHours} headingLevel={3} showHours={false} />);
    expect(document.querySelector('.open-now')).toBeNull();
    expect(document.querySelector('table')).toBeNull();
  });
});
