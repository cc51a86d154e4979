import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeToast, TOAST_MS, ToastRegion } from '../../components/toast';
import { ShareActions } from './share-actions';

function Page() {
  return (
    <>
      <ShareActions {...props} />
      <ToastRegion />
    </>
  );
}

const writeText = vi.fn<(text: string) => Promise<void>>();
beforeEach(() => {
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  window.dataLayer = [];
});
afterEach(() => {
  act(() => removeToast());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const props = {
  carName: '2024 Toyota RAV4 GX',
  carUrl: 'https://www.acme.com.au/cars/2024-toyota-rav4-gx-42',
  printUrl: '/print?car_id=2024-toyota-rav4-gx-42',
};

describe('ShareActions', () => {
  it('copies the car URL and shows the seed toast, which goes away by itself', async () => {
    vi.useFakeTimers();
    writeText.mockResolvedValueOnce(undefined);
    render(<Page />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(writeText).toHaveBeenCalledWith(props.carUrl);
    expect(screen.getByRole('status').textContent).toContain(
      'Copied 2024 Toyota RAV4 GX to your clipboard!',
    );
    act(() => {
      vi.advanceTimersByTime(TOAST_MS);
    });
    // Gone from sight (its text lingers, hidden, for screen readers).
    expect(screen.getByRole('status').querySelector('[data-state="open"]')).toBeNull();
  });

  it('shows no toast when the clipboard refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    writeText.mockRejectedValueOnce(new Error('denied'));
    render(<Page />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('prints in a new tab and fires event 61', () => {
    render(<ShareActions {...props} />);
    const print = screen.getByRole('link', { name: /^Print\s?\(opens in a new tab\)$/ });
    expect(print.getAttribute('href')).toBe('/print?car_id=2024-toyota-rav4-gx-42');
    expect(print.getAttribute('target')).toBe('_blank');
    print.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(print);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_print', event_id: 61 }),
    ]);
  });
});
