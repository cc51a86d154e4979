import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS } from '../types/generated/constants';
import { eventName, setAnalyticsDealer, trackEvent } from './analytics';

describe('trackEvent', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });
  afterEach(() => setAnalyticsDealer(null));

  it('pushes the named event with the seed id, the dealer and the car', () => {
    setAnalyticsDealer({ slug: 'acme', name: 'Acme Motors' });
    trackEvent(39, { id: 42, make: 'Toyota', model: 'RAV4', year: 2024, price: 38990 });
    expect(window.dataLayer).toEqual([
      {
        event: 'forecourt_save_car',
        event_id: 39,
        dealer_slug: 'acme',
        dealer_name: 'Acme Motors',
        car_id: 42,
        car_make: 'Toyota',
        car_model: 'RAV4',
        car_year: 2024,
        car_price: 38990,
      },
    ]);
  });

  it('leaves out what it does not know', () => {
    trackEvent(61);
    expect(window.dataLayer).toEqual([{ event: 'forecourt_print', event_id: 61 }]);
  });

  it('names every seed event distinctly', () => {
    const ids = [39, 25, 22, 51, 26, 9, 18, 60, 61, 14, 15, 17, 48];
    const names = new Set(ids.map(eventName));
    expect(names.size).toBe(ids.length);
    expect(ANALYTICS_EVENTS.length).toBe(ids.length);
    for (const name of names) expect(name).toMatch(/^forecourt_[a-z_]+$/);
  });
});
