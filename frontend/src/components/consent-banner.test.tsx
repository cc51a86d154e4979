import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsView } from '../types/generated/AnalyticsView';
import { ConsentBanner } from './consent-banner';
import { CONSENT_KEY, CONSENT_SETTINGS_EVENT, storedConsent } from '../lib/consent';
import { SiteFooter } from './site-footer';
import { testSite } from '../testing/site';

const tagged: AnalyticsView = {
  gtm_id: 'GTM-AB12',
  ga4_id: 'G-IGNORED1',
  meta_pixel_id: '123456',
};

const scripts = () =>
  Array.from(document.head.querySelectorAll('script')).map((s) => s.getAttribute('src'));

/** The Consent Mode commands pushed so far, as [command, signals] pairs. */
const consentCommands = () =>
  (window.dataLayer ?? [])
    .filter((e) => typeof e === 'object' && e !== null && !Array.isArray(e) && 0 in e)
    .map((e) => Array.from(e as ArrayLike<unknown>))
    .filter((args) => args[0] === 'consent')
    .map((args) => [args[1], (args[2] as Record<string, string>).analytics_storage]);

function show(analytics: AnalyticsView) {
  render(<ConsentBanner site={{ ...testSite, analytics }} />);
}

describe('ConsentBanner', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.dataLayer = [];
    delete window.gtag;
    delete window.fbq;
    document.head.innerHTML = '';
  });
  afterEach(() => {
    cleanup();
    document.head.replaceChildren();
  });

  it('asks on a first visit, focused, with Consent Mode denied and nothing loaded', () => {
    show(tagged);
    const banner = screen.getByRole('dialog', { name: 'Cookies on Acme Motors' });
    expect(document.activeElement).toBe(banner);
    expect(consentCommands()).toEqual([['default', 'denied']]);
    expect(scripts()).toEqual([]);
  });

  it('loads the container and the pixel once accepted, and remembers it', () => {
    show(tagged);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storedConsent()).toBe('granted');
    expect(consentCommands()).toEqual([
      ['default', 'denied'],
      ['update', 'granted'],
    ]);
    // GTM configures GA4 itself, so gtag.js is not loaded beside it.
    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });

  it('loads nothing when rejected, and does not ask again', () => {
    show(tagged);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(storedConsent()).toBe('denied');
    expect(scripts()).toEqual([]);
    expect(consentCommands()).toEqual([
      ['default', 'denied'],
      ['update', 'denied'],
    ]);
  });

  it('applies a stored acceptance without asking: GA4 when there is no container', async () => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify('granted'));
    await act(async () => show({ gtm_id: null, ga4_id: 'G-X1', meta_pixel_id: null }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-X1']);
  });

  it('shows nothing and loads nothing for a dealer without ids', () => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify('granted'));
    show({ gtm_id: null, ga4_id: null, meta_pixel_id: null });
    window.localStorage.clear();
    show({ gtm_id: null, ga4_id: null, meta_pixel_id: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(scripts()).toEqual([]);
  });

  // The choice can change later, from the footer of any page.
  it('reopens from the footer; rejecting after accepting stops the tags', () => {
    render(
      <>
        <button type="button">Elsewhere</button>
        <SiteFooter site={{ ...testSite, analytics: tagged }} />
        <ConsentBanner site={{ ...testSite, analytics: tagged }} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(scripts()).toHaveLength(2);
    document.cookie = '_ga=GA1.1.42; path=/';
    document.cookie = '_fbp=fb.1.42; path=/';
    document.cookie = 'forecourt_session=keep; path=/';

    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    settings.focus();
    fireEvent.click(settings);
    const banner = screen.getByRole('dialog', { name: 'Cookies on Acme Motors' });
    expect(document.activeElement).toBe(banner);
    expect(banner.textContent).toContain('You have accepted these cookies');
    // Escape leaves the choice as it was.
    fireEvent.keyDown(banner, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settings);
    expect(storedConsent()).toBe('granted');

    fireEvent.click(settings);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settings);
    expect(storedConsent()).toBe('denied');
    expect(consentCommands().at(-1)).toEqual(['update', 'denied']);
    expect(window.fbq?.queue).toContainEqual(['consent', 'revoke']);
    // The tags' cookies go; the site's own stay.
    expect(document.cookie).not.toMatch(/_ga=|_fbp=/);
    expect(document.cookie).toContain('forecourt_session=keep');
    document.cookie = 'forecourt_session=; max-age=0; path=/';

    // The next page loads no tag and does not ask again.
    cleanup();
    document.head.replaceChildren();
    window.dataLayer = [];
    show(tagged);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(scripts()).toEqual([]);
    expect(consentCommands()).toEqual([
      ['default', 'denied'],
      ['update', 'denied'],
    ]);
  });

  it('offers Cookie settings only where the dealer has tags', () => {
    const asked = vi.fn();
    window.addEventListener(CONSENT_SETTINGS_EVENT, asked);
    render(<SiteFooter site={{ ...testSite, analytics: tagged }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(asked).toHaveBeenCalledTimes(1);
    window.removeEventListener(CONSENT_SETTINGS_EVENT, asked);
    cleanup();
    render(
      <SiteFooter
        site={{ ...testSite, analytics: { gtm_id: null, ga4_id: null, meta_pixel_id: null } }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });
});
