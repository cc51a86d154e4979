import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testCard } from '../testing/card';
import { testSite } from '../testing/site';
import type { HomePageView } from '../types/generated/HomePageView';
import { HomePage } from './home-page';

afterEach(cleanup);

const page: HomePageView = {
  title: 'Acme Motors',
  slides: [],
  hero_style: 'inset',
  stat_banners: [],
  search_heading: 'Find your next car',
  search_path: '/search/new-used-and-demo-cars',
  car_types: [{ label: 'Used Cars', url: '/search/used-cars', count: 1 }],
  makes: [],
  all_makes: [],
  brand_grids: [],
  models: [],
  warranty: null,
  featured: [testCard],
  sales_counter: null,
  banners: [],
  service_banner: {
    title: 'Service',
    text: 'Book a service',
    url: '/service',
    image: null,
    external: false,
  },
  locations: null,
  blog: [],
  featured_first: false,
  price_slider: null,
};

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('HomePage', () => {
  it('follows the dealer template: the showroom leads with the latest arrivals', () => {
    // Seed 000 s1: "Each dealer site is identified by a slug and a template."
    render(<HomePage site={testSite} page={page} gate={null} />);
    const standard = headings();
    expect(standard.indexOf('Find your next car')).toBeLessThan(
      standard.indexOf('Latest arrivals'),
    );
    cleanup();
    render(<HomePage site={testSite} page={{ ...page, featured_first: true }} gate={null} />);
    const showroom = headings();
    expect(showroom.indexOf('Latest arrivals')).toBeLessThan(
      showroom.indexOf('Find your next car'),
    );
    expect(showroom.filter((h) => h === 'Latest arrivals')).toHaveLength(1);
    // Two whole pages under jsdom on a shared machine: more than the default 5 s.
  }, 30_000);
});
