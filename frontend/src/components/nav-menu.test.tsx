import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkView } from '../types/generated/LinkView';
import type { MegaMenuView } from '../types/generated/MegaMenuView';
import { clearMenuPrices } from './menu-models';
import { NavMenu } from './nav-menu';

afterEach(() => {
  cleanup();
  clearMenuPrices();
  vi.unstubAllGlobals();
});

const link = (label: string, url: string, children: LinkView[] = []): LinkView => ({
  label,
  url,
  children,
});
const items = [
  link('Home', '/'),
  link('Models', '/brands'),
  link('Stock', '/search/new-used-and-demo-cars'),
  link('Company', '/about-us', [
    link('Locations', '/dealer-locator'),
    link('Careers', '/pages/careers'),
  ]),
];
const mega: MegaMenuView = {
  item_label: 'Models',
  prices_url: '/_site/menu-prices.json',
  models: [
    {
      title: 'Toyota HiLux',
      url: '/models/hilux',
      image: { url: '/hilux.png', alt: 'Toyota HiLux' },
      price_text: null,
    },
    {
      title: 'Toyota RAV4',
      url: '/search/new-used-and-demo-cars?refinementList%5Bmodel%5D%5B0%5D=RAV4',
      image: null,
      price_text: null,
    },
  ],
  groups: [
    {
      id: 'cars',
      title: 'Cars',
      brands: [
        {
          name: 'Toyota',
          url: '/toyota/overview',
          external: false,
          logo: { url: '/assets/toyota.svg', alt: 'Toyota logo' },
          count: 3,
          count_label: '3 cars',
        },
      ],
    },
    {
      id: 'trucks',
      title: 'Trucks',
      brands: [
        {
          name: 'Hino',
          url: '/hino/overview',
          external: false,
          logo: null,
          count: 1,
          count_label: '1 truck',
        },
      ],
    },
  ],
};

describe('NavMenu', () => {
  it('keeps every link and adds a disclosure button to items with a panel', () => {
    render(<NavMenu items={items} megaMenu={mega} />);
    expect(
      screen
        .getAllByRole('link', { name: /^(Home|Models|Stock|Company)$/ })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/brands', '/search/new-used-and-demo-cars', '/about-us']);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Models menu',
      'Company menu',
    ]);
  });

  it('opens the mega menu brand grid, and Escape closes it and returns focus to its button', () => {
    render(<NavMenu items={items} megaMenu={mega} />);
    const toggle = screen.getByRole('button', { name: 'Models menu' });
    const panel = document.getElementById(
      toggle.getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    expect(panel.hidden).toBe(true);
    // Nothing to parse or hydrate on a page where the shopper never opens it.
    expect(panel.childElementCount).toBe(0);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(
      within(panel)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Cars', 'Trucks']);
    const hino = within(panel).getByRole('link', { name: 'Hino' });
    hino.focus();
    fireEvent.keyDown(hino, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    // Once drawn it stays: closing hides the links, it does not remove them.
    expect(hino.isConnected && panel.contains(hino)).toBe(true);
  });

  it('opens one panel at a time and closes on a click outside', () => {
    render(
      <div>
        <NavMenu items={items} megaMenu={mega} />
        <p>Outside</p>
      </div>,
    );
    const models = screen.getByRole('button', { name: 'Models menu' });
    const company = screen.getByRole('button', { name: 'Company menu' });
    fireEvent.click(models);
    fireEvent.click(company);
    expect(models.getAttribute('aria-expanded')).toBe('false');
    expect(company.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe(
      '/pages/careers',
    );
    fireEvent.mouseDown(screen.getByText('Outside'));
    expect(company.getAttribute('aria-expanded')).toBe('false');
  });

  it("shows the dealer's logo, else the brand's name as a text mark, never a broken image", () => {
    render(<NavMenu items={items} megaMenu={mega} />);
    fireEvent.click(screen.getByRole('button', { name: 'Models menu' }));
    const toyota = screen.getByRole('link', { name: 'Toyota' });
    expect(toyota.querySelector('img')?.getAttribute('src')).toBe('/assets/toyota.svg');
    expect(toyota.querySelector('.brand-logos__mark')).toBeNull();
    const hino = screen.getByRole('link', { name: 'Hino' });
    expect(hino.querySelector('img')).toBeNull();
    expect(hino.querySelector('.brand-logos__mark')?.textContent).toBe('Hino');
  });

  it('shows each model with its thumbnail and the "from" price of the site file, fetched on opening', async () => {
    const fetched = vi.fn(
      async () =>
        new Response(JSON.stringify({ '/models/hilux': 'from $54,490' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetched);
    render(<NavMenu items={items} megaMenu={mega} />);
    expect(fetched).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Models menu' }));
    const list = screen.getByRole('list', { name: 'Models' });
    await within(list).findByText('from $54,490');
    expect(fetched).toHaveBeenCalledWith('/_site/menu-prices.json', expect.anything());
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/models/hilux', 'Toyota HiLuxfrom $54,490'],
      ['/search/new-used-and-demo-cars?refinementList%5Bmodel%5D%5B0%5D=RAV4', 'Toyota RAV4'],
    ]);
    expect(links[0]?.querySelector('img')?.getAttribute('src')).toBe('/hilux.png');
    expect(links[1]?.querySelector('img')).toBeNull();
  });
});
