import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PromoBanner } from './promo-banner';
import { VehicleMap } from './vehicle-map';

afterEach(cleanup);

const map = {
  name: 'Acme Springwood',
  street: '1 Main St',
  locality: 'Springwood QLD 4127',
  directions_url: 'https://www.google.com/maps/dir/?api=1&destination=Acme%20Springwood',
  location_url: '/locations/acme-springwood',
  point: null,
};

describe('VehicleMap', () => {
  it('is the #vehicle-map section with the address and a directions link, and loads no map', () => {
    const { container } = render(<VehicleMap map={map} />);
    const section = screen.getByRole('region', { name: 'Where this car is' });
    expect(section.id).toBe('vehicle-map');
    const address = container.querySelector('address');
    expect(address?.textContent).toBe('Acme Springwood1 Main StSpringwood QLD 4127');
    expect(
      within(section).getByRole('link', { name: 'Acme Springwood' }).getAttribute('href'),
    ).toBe('/locations/acme-springwood');
    const directions = within(section).getByRole('link', { name: /^Get directions/ });
    expect(directions.getAttribute('href')).toBe(map.directions_url);
    expect(directions.getAttribute('target')).toBe('_blank');
    expect(container.querySelector('iframe, script, img')).toBeNull();
  });

  it('shows what is known of the address', () => {
    const { container } = render(<VehicleMap map={{ ...map, street: null, location_url: null }} />);
    expect(container.querySelector('address')?.textContent).toBe(
      'Acme SpringwoodSpringwood QLD 4127',
    );
    expect(screen.queryByRole('link', { name: 'Acme Springwood' })).toBeNull();
  });
});

describe('PromoBanner', () => {
  it('links each page it is given, an external one in a new tab', () => {
    render(
      <PromoBanner
        banner={{
          links: [
            { label: 'Latest offers', url: '/special-offers', external: false },
            {
              label: 'Book service online',
              url: 'https://www.toyota.com.au/service-booking',
              external: true,
            },
            { label: 'Sell your car', url: '/sell-my-car', external: false },
          ],
        }}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Offers and services' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/special-offers',
      'https://www.toyota.com.au/service-booking',
      '/sell-my-car',
    ]);
    expect(links.map((a) => a.getAttribute('target'))).toEqual([null, '_blank', null]);
    expect(links[1]?.textContent).toBe('Book service online (opens in a new tab)');
  });

  it('renders nothing without links', () => {
    const { container } = render(<PromoBanner banner={{ links: [] }} />);
    expect(container.innerHTML).toBe('');
  });
});
