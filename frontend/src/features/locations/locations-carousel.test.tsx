import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocationsCarouselView } from '../../types/generated/LocationsCarouselView';
import { LocationsCarousel } from './locations-carousel';
import { locationView, rating } from '../../testing/location-views';

afterEach(cleanup);

function carousel(count: number, hide: boolean, narrow: boolean): LocationsCarouselView {
  return {
    title: 'Our Locations',
    swipe_hint: 'Swipe',
    hide_hint_on_large: hide,
    narrow_cards: narrow,
    locations: Array.from({ length: count }, (_, i) => locationView(`site-${i}`)),
    all_url: '/dealerships',
  };
}

describe('LocationsCarousel', () => {
  it('keeps the swipe hint on large screens and wide cards for a few locations', () => {
    const { container } = render(<LocationsCarousel carousel={carousel(2, false, false)} />);
    const section = container.querySelector('section') as HTMLElement;
    expect(section.className).toBe('locations-carousel');
    expect(screen.getByText(/Swipe/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Acme site-0',
      'Acme site-1',
    ]);
  });

  it('marks the hint hidden on large screens and the cards narrow as the view says', () => {
    const { container } = render(<LocationsCarousel carousel={carousel(5, true, true)} />);
    const section = container.querySelector('section') as HTMLElement;
    expect(section.classList.contains('locations-carousel--hide-hint-lg')).toBe(true);
    expect(section.classList.contains('locations-carousel--narrow')).toBe(true);
    expect(screen.getByRole('list', { name: 'Our Locations' }).children).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Previous locations' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All locations' }).getAttribute('href')).toBe(
      '/dealerships',
    );
  });

  it('shows a card badge and rating', () => {
    const view = carousel(1, false, false);
    view.locations[0] = locationView('south', {
      badge: 'COMING EARLY 2026',
      rating: rating(4.7, 4, 0.7, 612),
    });
    render(<LocationsCarousel carousel={view} />);
    expect(screen.getByText('COMING EARLY 2026')).toBeTruthy();
    expect(screen.getByRole('img', { name: '4.7 out of 5' })).toBeTruthy();
    expect(screen.getByText('612 reviews')).toBeTruthy();
  });
});
