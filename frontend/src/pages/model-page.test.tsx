import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testSite } from '../testing/site';
import type { ModelPageView } from '../types/generated/ModelPageView';
import { ModelPage } from './model-page';

afterEach(cleanup);

const image = (name: string) => ({ url: `/media/${name}.jpg`, alt: name });

const page: ModelPageView = {
  name: 'Omoda 5',
  make: 'Omoda',
  title: 'Omoda 5',
  coming_soon: false,
  short_description: 'A compact SUV.',
  image: image('omoda-5'),
  images: [],
  brochure_url: 'https://www.omoda.com.au/brochures/omoda-5.pdf',
  specifications: [{ label: 'Engine', value: '1.5L turbo' }],
  driver_assist: [
    'AEB',
    'Lane keep',
    'Blind spot',
    'Cross traffic',
    'ACC',
    'TSR',
    'Driver monitor',
  ],
  driver_assist_shown: 6,
  variants: [
    {
      name: 'BX',
      full_name: 'Omoda 5 BX',
      price_text: 'From $30,990 drive away',
      image: image('bx'),
      features: ['18" alloy wheels', 'Wireless charging'],
      body_style_tabs: false,
      colour_groups: [],
    },
    {
      name: 'EX',
      full_name: 'Omoda 5 EX',
      price_text: 'From $34,990 drive away',
      image: null,
      features: [],
      body_style_tabs: false,
      colour_groups: [],
    },
  ],
  benefits: ['7 year warranty', '7 years roadside assist'],
  cta_label: 'Book a Test Drive',
  cta_url: '/test-drive?model=omoda-5',
  stock_link: { label: 'View 3 in stock', url: '/search/omoda/5', count: 3 },
  breadcrumbs: [],
  register_interest: null,
};

const section = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement;

describe('ModelPage', () => {
  it('links the brochure in a new tab, and leaves it out when the model has none', () => {
    render(<ModelPage site={testSite} page={page} gate={null} />);
    const brochure = screen.getByRole('link', {
      name: /^Download brochure\s?\(opens in a new tab\)$/,
    });
    expect(brochure.getAttribute('href')).toBe(page.brochure_url);
    expect(brochure.getAttribute('target')).toBe('_blank');
    expect(brochure.getAttribute('rel')).toContain('noopener');
    cleanup();
    render(<ModelPage site={testSite} page={{ ...page, brochure_url: null }} gate={null} />);
    expect(screen.queryByRole('link', { name: /brochure/i })).toBeNull();
  });

  it('shows a price card per variant in series order with its features', () => {
    render(<ModelPage site={testSite} page={page} gate={null} />);
    const cards = within(section('Variants')).getAllByRole('heading', { level: 3 });
    expect(cards.map((h) => h.textContent)).toEqual(['Omoda 5 BX', 'Omoda 5 EX']);
    const bx = cards[0]?.closest('li') as HTMLElement;
    expect(within(bx).getByText('From $30,990 drive away')).toBeTruthy();
    expect(
      within(bx)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['18" alloy wheels', 'Wireless charging']);
    const ex = cards[1]?.closest('li') as HTMLElement;
    expect(within(ex).getByText('From $34,990 drive away')).toBeTruthy();
    expect(within(ex).queryByRole('list')).toBeNull();
  });

  it('lists the ownership benefits, and has no benefits block without any', () => {
    render(<ModelPage site={testSite} page={page} gate={null} />);
    expect(
      within(section('Ownership benefits'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['7 year warranty', '7 years roadside assist']);
    cleanup();
    render(<ModelPage site={testSite} page={{ ...page, benefits: [] }} gate={null} />);
    expect(screen.queryByRole('heading', { name: 'Ownership benefits' })).toBeNull();
  });

  it('ends with the discover card: the call to action and the cars in stock, when any', () => {
    render(<ModelPage site={testSite} page={page} gate={null} />);
    const discover = section('Discover the Omoda 5');
    expect(
      within(discover).getByRole('link', { name: 'Book a Test Drive' }).getAttribute('href'),
    ).toBe('/test-drive?model=omoda-5');
    expect(
      within(discover).getByRole('link', { name: 'View 3 in stock' }).getAttribute('href'),
    ).toBe('/search/omoda/5');
    cleanup();
    render(<ModelPage site={testSite} page={{ ...page, stock_link: null }} gate={null} />);
    expect(
      within(section('Discover the Omoda 5'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Book a Test Drive']);
  });

  it('shows six driver-assist systems and the rest behind Show More', () => {
    render(<ModelPage site={testSite} page={page} gate={null} />);
    const list = () => within(section('Driver-assist systems')).getAllByRole('listitem');
    expect(list()).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(list()).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Show Less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
