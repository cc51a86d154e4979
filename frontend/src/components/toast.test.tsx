import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, TOAST_MS, ToastRegion } from './toast';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the shown one', () => {
    render(<ToastRegion />);
    act(() => showToast({ text: 'First' }));
    act(() => showToast({ text: 'Second' }));
    expect(screen.getByRole('status').textContent).toContain('Second');
    expect(screen.queryByText('First')).toBeNull();
  });

  it('lets a plain toast go by itself and keeps one with an action until dismissed', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => showToast({ text: 'Copied' }));
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(screen.queryByText('Copied')).toBeNull();
    act(() =>
      showToast({
        text: 'Car Saved In Watchlist',
        action: { label: 'View List', href: '/watchlist' },
      }),
    );
    act(() => vi.advanceTimersByTime(TOAST_MS * 10));
    expect(screen.getByRole('link', { name: 'View List' }).getAttribute('href')).toBe('/watchlist');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Car Saved In Watchlist')).toBeNull();
  });
});
