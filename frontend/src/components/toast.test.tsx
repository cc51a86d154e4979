import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  removeToast,
  showToast,
  TOAST_MS,
  TOAST_REMOVE_MS,
  ToastRegion,
} from './toast';

afterEach(() => {
  act(() => removeToast());
  cleanup();
  vi.useRealTimers();
});

/** The toast shown to sighted shoppers, if any (a dismissed one is hidden). */
function openToast(): Element | null {
  return screen.getByRole('status').querySelector('[data-state="open"]');
}

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
    expect(openToast()).toBeNull();
    act(() =>
      showToast({
        text: 'Car Saved In Watchlist',
        action: { label: 'View List', href: '/watchlist' },
      }),
    );
    expect(screen.queryByText('Copied')).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_MS * 10));
    expect(screen.getByRole('link', { name: 'View List' }).getAttribute('href')).toBe('/watchlist');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(openToast()).toBeNull();
    expect(screen.queryByRole('link', { name: 'View List' })).toBeNull();
  });

  it('keeps a dismissed toast’s text, hidden, until a long delay has passed', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => showToast({ text: 'Car Removed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    // Out of sight and without controls at once, but a screen reader can still finish it.
    expect(openToast()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    const hidden = screen.getByText('Car Removed').closest('[data-state="closed"]');
    expect(hidden?.classList.contains('visually-hidden')).toBe(true);
    act(() => vi.advanceTimersByTime(TOAST_MS * 10));
    expect(screen.queryByText('Car Removed')).not.toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_MS));
    expect(screen.queryByText('Car Removed')).toBeNull();
  });

  it('does not let an old removal take away a newer toast', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => showToast({ text: 'Old' }));
    act(() => dismissToast());
    act(() => showToast({ text: 'New', action: { label: 'View List', href: '/watchlist' } }));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_MS));
    expect(openToast()?.textContent).toContain('New');
  });
});
