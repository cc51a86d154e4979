import { beforeEach, describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_KEY,
  MAX_PARAM_VALUE,
  MAX_QUERY_PARAMS,
  MAX_URL_LENGTH,
  MAX_VISITED_PAGES,
  VISIT_TIMEOUT_MS,
  currentVisit,
  leadAttributes,
  recordPageView,
} from './attribution';

const site = 'http://acme.localhost';
const view = (path: string, referrer = '', now = 1_000) =>
  recordPageView(new URL(path, site), referrer, now);

describe('attribution', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the landing page, referrer and campaign, then the pages visited since', () => {
    view('/?utm_source=google&utm_campaign=eofy&gclid=abc&colour=red', 'https://www.google.com/');
    view('/search/used-cars', `${site}/`, 2_000);
    view('/cars/rav4', `${site}/search/used-cars`, 3_000);
    expect(leadAttributes(new URLSearchParams('car_id=42'))).toEqual({
      landing_page: '/?utm_source=google&utm_campaign=eofy&gclid=abc&colour=red',
      referrer: 'https://www.google.com/',
      visited_pages: [
        '/?utm_source=google&utm_campaign=eofy&gclid=abc&colour=red',
        '/search/used-cars',
        '/cars/rav4',
      ],
      linked_query_params: {
        utm_source: 'google',
        utm_campaign: 'eofy',
        gclid: 'abc',
        car_id: '42',
      },
    });
  });

  it('starts a new visit after the timeout or on another campaign', () => {
    view('/?fbclid=one', 'https://facebook.com/');
    view('/cars/a', '', 1_000 + VISIT_TIMEOUT_MS + 1);
    expect(currentVisit()).toMatchObject({
      landing_page: '/cars/a',
      referrer: '',
      linked_query_params: {},
    });
    view('/?msclkid=two', '', 1_000 + VISIT_TIMEOUT_MS + 2);
    expect(currentVisit()?.visited_pages).toEqual(['/?msclkid=two']);
    expect(currentVisit()?.linked_query_params).toEqual({ msclkid: 'two' });
  });

  it('stays within its bounds however long the visit or the URLs', () => {
    const long = 'x'.repeat(MAX_URL_LENGTH + 100);
    const many = Array.from({ length: MAX_QUERY_PARAMS + 5 }, (_, i) => `utm_p${i}=v`).join('&');
    view(`/?${many}&utm_long=${'y'.repeat(MAX_PARAM_VALUE + 9)}`, `https://ref.example/${long}`);
    for (let i = 0; i < MAX_VISITED_PAGES + 20; i += 1) view(`/page/${i}`, '', 1_000 + i);
    view(`/${long}`, '', 5_000);
    const visit = currentVisit();
    expect(visit?.visited_pages).toHaveLength(MAX_VISITED_PAGES);
    // The landing page stays first; the latest pages follow.
    expect(visit?.visited_pages[0]).toBe(visit?.landing_page);
    expect(visit?.visited_pages.at(-2)).toBe(`/page/${MAX_VISITED_PAGES + 19}`);
    expect(visit?.visited_pages.at(-1)).toHaveLength(MAX_URL_LENGTH);
    expect(visit?.referrer).toHaveLength(MAX_URL_LENGTH);
    expect(visit?.landing_page.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
    expect(Object.keys(visit?.linked_query_params ?? {})).toHaveLength(MAX_QUERY_PARAMS);
    const own = new URLSearchParams(Array.from({ length: 40 }, (_, i) => `q${i}=1`).join('&'));
    expect(Object.keys(leadAttributes(own)?.linked_query_params ?? {})).toHaveLength(
      MAX_QUERY_PARAMS,
    );
  });

  it('ignores a stored value it cannot read, and sends nothing without a visit', () => {
    window.localStorage.setItem(ATTRIBUTION_KEY, '{"landing_page": 3}');
    expect(currentVisit()).toBeNull();
    expect(leadAttributes(new URLSearchParams())).toBeUndefined();
    window.localStorage.setItem(ATTRIBUTION_KEY, 'not json');
    expect(view('/a').visited_pages).toEqual(['/a']);
  });
});
