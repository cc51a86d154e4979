import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferView } from '../../types/generated/OfferView';
import { OFFERS_CACHE_SIZE } from '../../types/generated/constants';
import { CatalogueControls, useCatalogueState } from './catalogue-controls';
import { OFFER_SPEC } from './offer-filter';

const offer = (id: number, make: string): OfferView => ({
  id,
  title: `${make} offer ${id}`,
  mentions_rate: false,
  url: `/offers/${id}`,
  image: { url: '/media/o.svg', alt: '' },
  price: 20000 + id,
  price_text: null,
  categories: ['New Car Offers'],
  make,
  model: null,
  body: null,
  description: '',
  expiry_text: null,
});
const offers = [offer(1, 'Omoda'), offer(2, 'Chery'), offer(3, 'Chery')];

const held: { current: ReturnType<typeof useCatalogueState> | null } = { current: null };
function Harness() {
  const c = useCatalogueState();
  useEffect(() => {
    held.current = c;
  });
  const shown = c.page(offers, OFFER_SPEC, 21);
  return (
    <>
      <CatalogueControls
        label="Filter offers"
        queryLabel="Search offers"
        items={offers}
        spec={OFFER_SPEC}
        catalogue={c}
      />
      <p data-testid="count">{shown.matching.length}</p>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/special-offers');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  held.current = null;
});

describe('catalogue lists', () => {
  it('write the query box to the URL after 300 ms (seed 000 s2: "The directory search box writes the query parameter after a 300 ms pause"), keeping a filter picked meanwhile', () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search offers' }), {
      target: { value: 'chery' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chery (2)' }));
    act(() => vi.advanceTimersByTime(299));
    expect(window.location.search).toBe('?refinementList%5Bmake%5D%5B0%5D=Chery');
    act(() => vi.advanceTimersByTime(1));
    expect(window.location.search).toBe('?query=chery&refinementList%5Bmake%5D%5B0%5D=Chery');
    expect(screen.getByTestId('count').textContent).toBe('2');
  });

  it('cache 10 answers, the oldest dropped when full (seed 000 s9: "offers and catalogue caches hold 10")', () => {
    expect(OFFERS_CACHE_SIZE).toBe(10);
    render(<Harness />);
    const c = () => held.current!;
    const first = c().page(offers, OFFER_SPEC, 21);
    expect(c().page(offers, OFFER_SPEC, 21)).toBe(first);
    for (let i = 1; i <= 10; i += 1) {
      act(() => c().update({ ...c().state, page: i }));
    }
    expect(c().cache.length).toBe(10);
    act(() => c().update({ ...c().state, page: 0 }));
    // The first state's answer was the oldest and has been dropped: computed again.
    expect(c().page(offers, OFFER_SPEC, 21)).not.toBe(first);
  });
});
