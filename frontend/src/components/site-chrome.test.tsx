import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from './account/session';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { answer, mockFetch } from './test-fetch';
import { testSite } from './test-site';

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
