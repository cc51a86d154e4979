// Tags behind consent. Google Consent Mode's defaults are "denied" on every
// page until the shopper accepts; only then are the dealer's tags loaded: Google Tag
// Manager (or, without a container, GA4's gtag.js) and the Meta pixel, from the ids of
// SiteView.analytics. A dealer without ids loads nothing and shows no banner. The
// choice is remembered in local storage. The CSP the edge sends a dealer's pages
// allows exactly these origins for the ids it configures (domain/src/csp.rs). The
// footer's Cookie settings reopens the banner, so the choice can change on any page.
import type { AnalyticsView } from '../types/generated/AnalyticsView';
import { dataLayer } from './analytics';
import { readStored, writeStored } from './local-store';

/** Local storage key of the shopper's choice. */
export const CONSENT_KEY = 'forecourt.consent';

/** What the shopper chose. */
export type ConsentChoice = 'granted' | 'denied';

/** The stored choice, or null before the shopper has made one. */
export function storedConsent(): ConsentChoice | null {
  return readStored(CONSENT_KEY, (value) =>
    value === 'granted' || value === 'denied' ? value : null,
  );
}

/** Remembers the choice (false when storage is unavailable: the banner then asks again). */
function rememberConsent(choice: ConsentChoice): boolean {
  return writeStored(CONSENT_KEY, choice);
}

/** The script origins each tag loads from (the CSP of the edge lists the same). */
const TAG_SCRIPTS = {
  gtm: 'https://www.googletagmanager.com/gtm.js',
  gtag: 'https://www.googletagmanager.com/gtag/js',
  meta: 'https://connect.facebook.net/en_US/fbevents.js',
} as const;

/** Whether the dealer has any tag to ask consent for. */
export function hasTags(ids: AnalyticsView): boolean {
  return Boolean(ids.gtm_id || ids.ga4_id || ids.meta_pixel_id);
}

type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  loaded: boolean;
  version: string;
  push: Fbq;
};

declare global {
  interface Window {
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** gtag(): Google's tags read commands as `arguments` objects from the data layer, not
 *  arrays, so this is a plain function pushing its own `arguments`. */
function gtag(): Gtag {
  if (!window.gtag) {
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- Google's tags expect the Arguments object.
      dataLayer().push(arguments);
    };
  }
  return window.gtag;
}

const SIGNALS = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'];

function signals(value: ConsentChoice): Record<string, ConsentChoice> {
  return Object.fromEntries(SIGNALS.map((s) => [s, value]));
}

/** Consent Mode's default for the page: everything denied (before any tag can read it). */
function consentDefault(): void {
  gtag()('consent', 'default', signals('denied'));
}

/** Consent Mode's update once the shopper chose. */
function consentUpdate(choice: ConsentChoice): void {
  gtag()('consent', 'update', signals(choice));
}

function addScript(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** The Meta pixel's command queue until fbevents.js takes it over (Meta's snippet). */
function fbq(): Fbq {
  if (!window.fbq) {
    const f = function (...args: unknown[]) {
      if (f.callMethod) f.callMethod(...args);
      else f.queue.push(args);
    } as Fbq;
    f.queue = [];
    f.loaded = true;
    f.version = '2.0';
    f.push = f;
    window.fbq = f;
    window._fbq = f;
  }
  return window.fbq;
}

/** Loads the dealer's tags (after consent only): the GTM container, else GA4 through
 *  gtag.js (a container configures GA4 itself, so both would count twice), and the Meta
 *  pixel. Answers the script URLs it added. */
function loadTags(ids: AnalyticsView): string[] {
  const added: string[] = [];
  if (ids.gtm_id) {
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    added.push(`${TAG_SCRIPTS.gtm}?id=${encodeURIComponent(ids.gtm_id)}`);
  } else if (ids.ga4_id) {
    gtag()('js', new Date());
    gtag()('config', ids.ga4_id);
    added.push(`${TAG_SCRIPTS.gtag}?id=${encodeURIComponent(ids.ga4_id)}`);
  }
  if (ids.meta_pixel_id) {
    fbq()('init', ids.meta_pixel_id);
    fbq()('track', 'PageView');
    added.push(TAG_SCRIPTS.meta);
  }
  added.forEach(addScript);
  return added;
}

/** Starts the page's consent state: the defaults, then the stored choice (loading the
 *  tags when it is "granted"). Answers the stored choice. */
export function startConsent(ids: AnalyticsView): ConsentChoice | null {
  consentDefault();
  const choice = storedConsent();
  if (choice) consentUpdate(choice);
  if (choice === 'granted') loadTags(ids);
  return choice;
}

/** The first-party cookies Google's and Meta's tags set (_ga, _ga_<id>, _gid, _gat,
 *  _gcl_au, _fbp, _fbc). */
const TAG_COOKIE = /^(_ga(_.+)?|_gid|_gat(_.+)?|_gcl_.+|_fbp|_fbc)$/;

/** Removes the tags' cookies from this host and every parent domain they may have been
 *  set on (GA4 writes them on the registrable domain). Answers the names it removed. */
function forgetTagCookies(): string[] {
  const names = document.cookie
    .split(';')
    .map((pair) => (pair.split('=')[0] ?? '').trim())
    .filter((name) => TAG_COOKIE.test(name));
  const labels = window.location.hostname.split('.');
  const domains = [
    null,
    ...labels.map((_, i) => labels.slice(i).join('.')).filter((d) => d.includes('.')),
  ];
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; max-age=0; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
  return names;
}

/** Applies and remembers the shopper's choice. Changing to reject after accepting tells
 *  the tags already on this page (Consent Mode's update, the pixel's revoke) and removes
 *  their cookies; no later page loads them, since the stored choice is read first. */
export function choose(choice: ConsentChoice, ids: AnalyticsView): void {
  rememberConsent(choice);
  consentUpdate(choice);
  if (window.fbq) window.fbq('consent', choice === 'granted' ? 'grant' : 'revoke');
  if (choice === 'granted') loadTags(ids);
  else forgetTagCookies();
}

/** The event the footer's Cookie settings sends to reopen the banner. */
export const CONSENT_SETTINGS_EVENT = 'forecourt:consent-settings';

/** Reopens the consent banner (the footer's Cookie settings). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_SETTINGS_EVENT));
}
