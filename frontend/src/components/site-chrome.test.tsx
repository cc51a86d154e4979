import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../features/account/session';
import { changeWatchlist, resetSavedIds } from '../features/account/watchlist';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { answer, mockFetch } from '../testing/fetch';
import { testSite } from '../testing/site';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

const site = {
  ...testSite,
  garage_path: '/my-garage',
  phone: { display: '(07) 3000 0000', href: 'tel:0730000000', masked: false },
};

describe('SiteHeader', () => {
  it('keeps one bar: watchlist and account icons and Menu; the menu holds the phone, watchlist and garage', async () => {
    mockFetch().mockResolvedValue(answer(200, { signed_in: false, phone: null }));
    render(<SiteHeader site={site} />);
    const menu = screen.getByRole('navigation', { name: 'Main' });
    const account = within(menu).getByRole('list', { name: 'Your account' });
    expect(within(account).getByRole('link', { name: 'Watchlist' }).getAttribute('href')).toBe(
      '/watchlist',
    );
    expect(within(account).getByRole('link', { name: 'My Garage' }).getAttribute('href')).toBe(
      '/my-garage',
    );
    expect(within(menu).getByRole('link', { name: '(07) 3000 0000' })).toBeTruthy();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(
      '/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F',
    );
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows how many cars are saved on the watchlist icon, and follows a save', async () => {
    const car = (id: number) => ({
      id,
      name: `Car ${id}`,
      slug: `car-${id}`,
      make: 'Toyota',
      model: 'RAV4',
      primary_image_url: '',
    });
    // As built: no count (the page does not know this device's list).
    expect(renderToString(<SiteHeader site={site} />)).not.toContain('site-header__count');
    localStorage.setItem('forecourt:favourites', JSON.stringify([car(1), car(2)]));
    resetSavedIds();
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValue(answer(200, { signed_in: false, phone: null }));
    render(<SiteHeader site={site} />);
    const icon = document.querySelector('.site-header__watchlist') as HTMLElement;
    expect(icon.getAttribute('href')).toBe('/watchlist');
    expect(within(icon).getByText('2', { exact: true }).getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('link', { name: 'Watchlist, 2 saved cars' })).toBe(icon);
    fetchMock.mockResolvedValue(
      answer(200, { success: true, watchlist: [{ id: 1 }, { id: 2 }, { id: 3 }] }),
    );
    await act(async () => {
      await changeWatchlist(car(3), true, '0412345678');
    });
    expect(screen.getByRole('link', { name: 'Watchlist, 3 saved cars' })).toBe(icon);
    localStorage.clear();
    resetSavedIds();
  });

  it('shows a signed-in shopper who they are, with Sign out', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0400 000 000' }))
      .mockResolvedValueOnce(answer(200, {}));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<SiteHeader site={site} />);
    const button = await screen.findByRole('button', { name: 'Your account (signed in)' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    fireEvent.click(button);
    expect(screen.getByText('Signed in as 0400 000 000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(String(fetchMock.mock.calls[1]?.[0])).toContain('/api/auth/sign-out'),
    );
  });
});

describe('SiteFooter', () => {
  it('shows stock shortcuts, social links, ABN, dealer licence and copyright, and no legal links the dealer has not configured', () => {
    render(<SiteFooter site={testSite} />);
    expect(screen.getByRole('link', { name: 'New Cars' }).getAttribute('href')).toBe(
      '/search/new-cars',
    );
    expect(
      screen.getByRole('link', { name: 'Facebook (opens in a new tab)' }).getAttribute('href'),
    ).toBe('https://www.facebook.com/acme');
    expect(screen.getByText('ABN 51 824 753 556')).toBeTruthy();
    expect(screen.getByText('Dealer licence MD 3456789')).toBeTruthy();
    expect(screen.getByText('\u00a9 Acme Motors')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Legal' })).toBeNull();
  });

  it('links the legal pages the dealer configures', () => {
    const legal = [{ label: 'Privacy Policy', url: '/pages/privacy', children: [] }];
    render(
      <SiteFooter
        site={{ ...testSite, footer: { ...testSite.footer, legal, abn: null, licence: null } }}
      />,
    );
    expect(
      within(screen.getByRole('list', { name: 'Legal' }))
        .getByRole('link', { name: 'Privacy Policy' })
        .getAttribute('href'),
    ).toBe('/pages/privacy');
    expect(screen.queryByText(/^ABN/)).toBeNull();
  });
});
