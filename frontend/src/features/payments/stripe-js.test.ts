// Stripe.js is added to the page once, from the URL the props name, and a failed load
// says so (and can be tried again).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_FIELD_UNAVAILABLE, loadStripe } from './stripe-js';

const scripts = (src: string) =>
  Array.from(document.head.querySelectorAll('script')).filter((s) => s.src === src);

afterEach(() => {
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('loadStripe', () => {
  it('adds one script for its URL and answers window.Stripe once it has loaded', async () => {
    const url = 'http://127.0.0.1:9/js.stripe.com/v3/';
    const factory = vi.fn();
    const first = loadStripe(url);
    const second = loadStripe(url);
    expect(scripts(url)).toHaveLength(1);
    vi.stubGlobal('Stripe', factory);
    scripts(url)[0]?.dispatchEvent(new Event('load'));
    expect(await first).toBe(factory);
    expect(await second).toBe(factory);
  });

  it('says the card field is unavailable when the script fails, and tries again later', async () => {
    const url = 'http://127.0.0.1:9/blocked/v3/';
    const first = loadStripe(url);
    scripts(url)[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(CARD_FIELD_UNAVAILABLE);
    expect(scripts(url)).toHaveLength(0);
    void loadStripe(url).catch(() => undefined);
    expect(scripts(url)).toHaveLength(1);
  });
});
