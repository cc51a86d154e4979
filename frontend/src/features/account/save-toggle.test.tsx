import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteContext } from '../../lib/site-context';
import { answer, mockFetch } from '../../testing/fetch';
import { testSite } from '../../testing/site';
import { removeToast, ToastRegion } from '../../components/toast';
import type { SiteView } from '../../types/generated/SiteView';
import { loadFavourites } from './records';
import { SaveToggle } from './save-toggle';
import { resetSession } from './session';
import { resetSavedIds } from './watchlist';

const car = {
  id: 42,
  name: '2024 Toyota RAV4 GX',
  slug: 'car-42',
  make: 'Toyota',
  model: 'RAV4',
  primary_image_url: '/media/rav4.svg',
};
const me = () => answer(200, { signed_in: true, phone: '0412345678' });

function renderToggle(
  props: Partial<Parameters<typeof SaveToggle>[0]> = {},
  site: SiteView = testSite,
) {
  const alert = vi.fn();
  render(
    <SiteContext.Provider value={site}>
      <SaveToggle car={car} saveable alert={alert} {...props} />
      <ToastRegion />
    </SiteContext.Provider>,
  );
  return { alert };
}

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
  window.history.replaceState(null, '', '/cars/car-42?from=search');
});
afterEach(() => {
  act(() => removeToast());
  cleanup();
  resetSession();
  resetSavedIds();
  vi.unstubAllGlobals();
});

describe('SaveToggle', () => {
  it('opens sign-in in a dialog over the page when signed out, and Close returns to the toggle', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValue(answer(200, { signed_in: false, phone: null }));
    renderToggle();
    const toggle = screen.getByRole('button', {
      name: 'Save 2024 Toyota RAV4 GX to your watchlist',
    });
    expect(document.querySelector('dialog')).toBeNull();
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', {
      name: 'Sign in to save 2024 Toyota RAV4 GX',
    });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(await within(dialog).findByText('Sign in to save cars to your watchlist.')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Back' })).toBeNull();
    // The shopper stays where they were.
    expect(window.location.pathname + window.location.search).toBe('/cars/car-42?from=search');
    expect(loadFavourites()).toEqual([]);
    expect(window.dataLayer).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('saves the tapped car once the shopper signs in within the dialog, without another tap', async () => {
    let signedIn = false;
    const calls: string[] = [];
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      calls.push(path);
      if (path.endsWith('/api/session'))
        return answer(200, { signed_in: signedIn, phone: signedIn ? '0412345678' : null });
      if (path.endsWith('/api/auth/request-code'))
        return answer(200, { success: true, phone: '0412345678', expires_in: 300 });
      if (path.endsWith('/api/auth/verify')) {
        signedIn = true;
        return answer(200, { success: true });
      }
      if (path.endsWith('/api/watchlist/save-car'))
        return answer(200, {
          success: true,
          message: 'Car Saved In Watchlist',
          watchlist: [{ id: 42 }],
        });
      return answer(404, { success: false, message: `unexpected ${path}` });
    });
    renderToggle();
    const toggle = screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ });
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Mobile number' }), {
      target: { value: '0412 345 678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: '6-digit code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Car Saved In Watchlist'),
    );
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(loadFavourites().map((f) => f.id)).toEqual([42]);
    expect(calls.filter((c) => c.endsWith('/api/watchlist/save-car'))).toHaveLength(1);
    expect(window.location.pathname + window.location.search).toBe('/cars/car-42?from=search');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_save_car', event_id: 39 }),
    ]);
  });

  it('does not offer View List on the watchlist itself', async () => {
    window.history.replaceState(null, '', '/watchlist');
    window.localStorage.setItem('forecourt:favourites', JSON.stringify([car]));
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(me())
      .mockResolvedValueOnce(answer(200, { success: true, message: 'Car Removed', watchlist: [] }));
    renderToggle();
    fireEvent.click(screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Car Removed'));
    expect(screen.queryByRole('link', { name: 'View List' })).toBeNull();
  });

  it('saves at once, then shows the seed toast with View List, and sends event 39', async () => {
    const fetchMock = mockFetch();
    let release: (r: Response) => void = () => {};
    fetchMock
      .mockResolvedValueOnce(me())
      .mockReturnValueOnce(new Promise<Response>((resolve) => (release = resolve)));
    renderToggle();
    const button = screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    // Optimistic: pressed and stored before the API answers.
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(loadFavourites().map((f) => f.id)).toEqual([42]);
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/api/watchlist/save-car');
    expect(JSON.parse(String(init?.body))).toEqual({ phone_number: '0412345678', car_id: 42 });
    await act(async () =>
      release(
        answer(200, {
          success: true,
          message: 'Car Saved In Watchlist',
          watchlist: [{ id: 42 }, { id: 7 }],
        }),
      ),
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Car Saved In Watchlist');
    expect(screen.getByRole('link', { name: 'View List' }).getAttribute('href')).toBe('/watchlist');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_save_car', event_id: 39 }),
    ]);
  });

  it('removes a saved car with the Car Removed toast', async () => {
    window.localStorage.setItem('forecourt:favourites', JSON.stringify([car]));
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(me())
      .mockResolvedValueOnce(answer(200, { success: true, message: 'Car Removed', watchlist: [] }));
    renderToggle();
    const button = screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Car Removed'));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/watchlist/remove-car');
    expect(loadFavourites()).toEqual([]);
  });

  it('puts the car back and alerts the server message when the call fails', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(me())
      .mockResolvedValueOnce(
        answer(403, { success: false, code: 'forbidden', message: 'This is not your watchlist.' }),
      );
    const { alert } = renderToggle();
    const button = screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ });
    fireEvent.click(button);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('This is not your watchlist.'));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(loadFavourites()).toEqual([]);
  });

  it('is offered only where the site enables favourites, and on a sold car only once saved', () => {
    renderToggle({}, { ...testSite, favourites: false });
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderToggle({ saveable: false });
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    resetSavedIds();
    window.localStorage.setItem('forecourt:favourites', JSON.stringify([car]));
    renderToggle({ saveable: false });
    expect(
      screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
