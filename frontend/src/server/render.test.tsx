import { describe, expect, it } from 'vitest';
import type { SearchProps } from '../app/props';
import { testCard } from '../testing/card';
import { testSite } from '../testing/site';
import { car, view } from '../testing/search-view';
import { render, renderWhole } from './render';

const props = (overrides: Parameters<typeof view>[0] = {}, site = testSite): SearchProps => ({
  site,
  gate: null,
  page: view(overrides),
});

/** The cards' markup in a page, in order. */
const cards = (html: string) => html.match(/<article class="car-card[\s\S]*?<\/article>/g) ?? [];

describe('render (shared fragments)', () => {
  it('gives a whole render byte for byte, the first time and with kept header, footer and cards', () => {
    const first = props();
    expect(render('search', first)).toBe(renderWhole('search', first));
    // The same site and cars again: every fragment comes from what the worker kept.
    const again = props();
    expect(render('search', again)).toBe(renderWhole('search', again));
    expect(cards(render('search', again)).length).toBeGreaterThan(1);
  });

  it('renders a card again when any of its data differs, and keeps cards apart by site rule', () => {
    render('search', props());
    const cheaper = props({ hits: [{ ...car(1), price_text: '$1,234' }, car(4)] });
    const html = render('search', cheaper);
    expect(html).toBe(renderWhole('search', cheaper));
    expect(cards(html)[0]).toContain('$1,234');
    // Without favourites the card has no save toggle, though its data is the same.
    const noSaving = props({}, { ...testSite, favourites: false });
    const plain = render('search', noSaving);
    expect(plain).toBe(renderWhole('search', noSaving));
    expect(plain).not.toContain('save-toggle');
    expect(render('search', props())).toContain('save-toggle');
  });

  it('puts the header’s hoisted image preloads first, as a whole render does', () => {
    const withLogos = props({
      hits: [{ ...testCard, id: 9, tag_logo: { url: '/certified.svg', alt: 'Certified' } }],
    });
    const html = render('search', withLogos);
    expect(html).toBe(renderWhole('search', withLogos));
    expect(html.startsWith('<link rel="preload" as="image" href="/logo.svg"/>')).toBe(true);
  });
});
