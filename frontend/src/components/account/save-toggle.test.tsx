import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteContext } from '../site-context';
import { answer, mockFetch } from '../test-fetch';
import { testSite } from '../test-site';
import { dismissToast, ToastRegion } from '../toast';
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
  const navigate = vi.fn();
  const alert = vi.fn();
  render(
    <SiteContext.Provider value={site}>
      <SaveToggle car={car} saveable navigate={navigate} alert={alert} {...props} />
      <ToastRegion />
    </SiteContext.Provider>,
  );
  return { navigate, alert };
}

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
  window.history.replaceState(null, '', '/cars/car-42?from=search');
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  resetSession();
  resetSavedIds();
  vi.unstubAllGlobals();
});

describe('SaveToggle', () => {
  it('sends a signed-out shopper to sign-in (type watchlist) and back to this page', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }));
    const { navigate } = renderToggle();
    fireEvent.click(
      screen.getByRole('button', { name: 'Save 2024 Toyota RAV4 GX to your watchlist' }),
    );
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(navigate).toHaveBeenCalledWith(
      '/sign-in?type=watchlist&redirect=%2Fcars%2Fcar-42%3Ffrom%3Dsearch&back=%2Fcars%2Fcar-42%3Ffrom%3Dsearch',
    );
    expect(loadFavourites()).toEqual([]);
    expect(window.dataLayer).toEqual([]);
  });

  it('saves the tapped car without another tap once the shopper is back signed in', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }));
    const { navigate } = renderToggle();
    fireEvent.click(screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    cleanup();
    // Back on the same page after signing in (a new page load: a new session answer).
    resetSession();
    resetSavedIds();
    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(me())
      .mockResolvedValueOnce(
        answer(200, { success: true, message: 'Car Saved In Watchlist', watchlist: [{ id: 42 }] }),
      );
    renderToggle();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Car Saved In Watchlist'),
    );
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/watchlist/save-car');
    expect(
      screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_save_car', event_id: 39 }),
    ]);
    // Saved once: another load of the page does not save it again.
    cleanup();
    resetSession();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(me());
    renderToggle();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(0));
    expect(window.localStorage.getItem('forecourt:pending-save')).toBeNull();
  });

  it('does not save a remembered car on another page, or after the shopper gave up long ago', async () => {
    window.localStorage.setItem(
      'forecourt:pending-save',
      JSON.stringify({ car, path: '/cars/other', at: Date.now() }),
    );
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValue(me());
    renderToggle();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      screen.getByRole('button', { name: /Save 2024 Toyota RAV4 GX/ }).getAttribute('aria-pressed'),
    ).toBe('false');
    cleanup();
    window.localStorage.setItem(
      'forecourt:pending-save',
      JSON.stringify({ car, path: '/cars/car-42?from=search', at: Date.now() - 31 * 60 * 1000 }),
    );
    renderToggle();
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('forecourt:pending-save')).toBeNull();
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
