import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleProps } from '../app/props';
import { answer, mockFetch } from '../testing/fetch';
import { calculatorView, estimateView } from '../testing/finance-views';
import { MESSAGES } from '../types/generated/messages';
import { VehiclePage } from './vehicle-page';
import { testSite } from '../testing/site';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/autogauge')
      ? answer(404, { success: false, code: 'no_data' })
      : answer(200, { reserved: false }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function props(
  widgets: Partial<VehicleProps['page']['widgets']> = {},
  soldNotice: string | null = null,
): VehicleProps {
  return {
    site: testSite,
    gate: null,
    page: {
      card: {
        id: 42,
        slug: 'car-42',
        path: '/cars/car-42',
        name: '2024 Toyota RAV4 GX',
        make: 'Toyota',
        model: 'RAV4',
        year: 2024,
        badge: 'GX',
        car_type: 'used',
        status: 'in_stock',
        available: true,
        price: 38990,
        price_text: '$38,990',
        price_type: null,
        km: 1000,
        km_text: '1,000 km',
        tag: null,
        sold_text: null,
        image: null,
        location_name: 'Acme Springwood',
        finance: null,
        find_similar_url: null,
        reserve_url: '/cars/car-42/checkout',
        saveable: true,
        buttons: [],
        views_text: null,
        tag_logo: null,
        photo_count: 1,
        spec_chips: [],
        reserved: false,
      },
      breadcrumbs: [],
      images: [],
      show_thumbnails: false,
      key_chips: ['2024', '21,408 km', 'Automatic', 'Petrol', 'SUV'],
      key_information: [{ label: 'Year', value: '2024' }],
      specifications: [{ label: 'Length (mm)', value: '4600' }],
      comments: {
        paragraphs: ['Lovely car'],
        short_paragraphs: ['Lovely car'],
        truncated: false,
        pending: false,
      },
      comments_title: 'Dealer Comments',
      rego_expiry: null,
      location: { name: 'Acme Springwood', url: '/locations/springwood' },
      phone: { display: '07 3000 1234', href: 'tel:0730001234', masked: true },
      sold_notice: soldNotice,
      find_similar_url: soldNotice ? '/search/toyota/rav4' : null,
      features: [],
      standard_equipment: [],
      summary_title: 'Car Summary',
      similar_title: 'Similar cars',
      compare: [{ label: 'Price', value: '$38,990' }],
      similar_url: null,
      similar_search_url: '/search/toyota/rav4',
      widgets: {
        delivery_calculator: true,
        delivery_location: 'springwood',
        price_comparison: true,
        fuel: { fuel_price: 1.7, km_per_week: 250, consumption: 10, weekly_cost: 42.5 },
        car_url: 'https://www.acme.com.au/cars/car-42',
        print_url: '/print?car_id=car-42',
        youx_quote: null,
        buy_online_url: null,
        enquire_url: '/contact-us?car_id=42',
        enquire_label: 'Enquire Now',
        message_url: null,
        dealership_id: 7,
        website_id: 5,
        sticky_header_px: 500,
        bottom_bar_px: 900,
        collapse_ms: 300,
        ...widgets,
      },
      viewer: {
        modes: ['spinner', 'gallery'],
        default_mode: 'spinner',
        spin_images: ['/media/s1.svg', '/media/s2.svg'],
        spin_interval_ms: 100,
        spin_drag_sensitivity: 20,
        walkaround_url: null,
        walkaround_poster: null,
        interior_image: null,
        name: '2024 Toyota RAV4 GX',
        exterior_hotspots: [],
        interior_hotspots: [],
        gallery_video: null,
        external_video: null,
      },
      finance_calculator: calculatorView(),
      finance_estimate: estimateView(),
      finance_url: '/finance?car_id=42#finance-form',
      forms: null,
      map: {
        name: 'Acme Springwood',
        street: '1 Main St',
        locality: 'Springwood QLD 4127',
        directions_url: 'https://www.google.com/maps/dir/?api=1&destination=Acme%20Springwood',
        location_url: '/locations/springwood',
        point: { lat: -27.6, lng: 153.1 },
      },
      promo_banner: {
        links: [{ label: 'Latest offers', url: '/special-offers', external: false }],
      },
      assurances: {
        certified: null,
        reserve_online: null,
        money_back: null,
        why_buy: null,
        protect: null,
        history_report_url: null,
      },
    },
  } as VehicleProps;
}

describe('VehiclePage widgets', () => {
  it('renders on the server with every widget the view model turns on', () => {
    const html = renderToString(<VehiclePage {...props()} />);
    expect(html).toContain('Delivery estimate');
    expect(html).toContain('Fuel cost calculator');
    expect(html).toContain('price-comparison--loading');
    expect(html).toContain('Call the dealer');
    expect(html).not.toContain('vehicle-sticky');
    expect(html).toContain('id="finance-calculator"');
    expect(html).toContain('Comparison rate');
    expect(html).toContain('id="vehicle-map"');
    expect(html).toContain('href="/special-offers"');
  });

  it('puts the price comparison last in the sidebar, so hiding it after load moves nothing', () => {
    const { container } = render(<VehiclePage {...props()} />);
    const sidebar = container.querySelector('.vehicle__sidebar');
    expect(sidebar?.lastElementChild?.classList.contains('price-comparison')).toBe(true);
  });

  it('asks the autogauge endpoint only when the feature is on, and hides the panel on no data', async () => {
    const { container } = render(<VehiclePage {...props()} />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/cars/car-42/autogauge')).toBe(true),
    );
    await waitFor(() => expect(container.querySelector('.price-comparison')).toBeNull());
    cleanup();
    fetchMock.mockClear();
    render(<VehiclePage {...props({ price_comparison: false })} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/autogauge'))).toBe(false);
  });

  it('hides the delivery and fuel calculators when the dealer switches them off', () => {
    render(
      <VehiclePage
        {...props({ delivery_calculator: false, fuel: null, price_comparison: false })}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Delivery estimate' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Fuel cost calculator' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Key information' })).toBeTruthy();
  });

  it('offers no delivery, price comparison or call box for a sold car', () => {
    render(<VehiclePage {...props({}, 'SOLD')} />);
    expect(screen.queryByRole('region', { name: 'Delivery estimate' })).toBeNull();
    expect(screen.queryByText('Call the dealer')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/autogauge'))).toBe(false);
  });
});

describe('VehiclePage order', () => {
  it('says what the car is and costs straight after the gallery, with the details after', () => {
    const { container } = render(<VehiclePage {...props({ price_comparison: false })} />);
    const vehicle = container.querySelector('.vehicle');
    const parts = Array.from(vehicle?.children ?? []).map((el) => el.className);
    expect(parts).toEqual(['vehicle__media', 'vehicle__sidebar', 'vehicle__content']);
    const summary = container.querySelector('.vehicle__sidebar');
    const order = [
      '.vehicle__title',
      '.vehicle__price',
      '.vehicle__chips',
      'a[href="/cars/car-42/checkout"]',
      '.vehicle__location',
    ].map((sel) => {
      const el = summary?.querySelector(sel);
      expect(el, sel).toBeTruthy();
      return Array.from(summary?.querySelectorAll('*') ?? []).indexOf(el as Element);
    });
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(
      Array.from(container.querySelectorAll('.vehicle__chips li')).map((li) => li.textContent),
    ).toEqual(['2024', '21,408 km', 'Automatic', 'Petrol', 'SUV']);
    // Key information stays open; the long specifications start closed.
    expect(container.querySelector('#key-information-panel')?.getAttribute('data-open')).toBe(
      'true',
    );
    expect(container.querySelector('#all-specifications-panel')?.getAttribute('data-open')).toBe(
      'false',
    );
  });

  it("asks the delivery estimate from the car's own location", async () => {
    render(<VehiclePage {...props({ price_comparison: false })} />);
    fireEvent.change(screen.getByLabelText('Suburb or postcode'), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => url === '/api/delivery-estimate?postcode=2000&location=springwood',
        ),
      ).toBe(true),
    );
  });
});

describe('VehiclePage sidebar finance', () => {
  it('shows the interest and comparison rates in the repayment line and the warning beside it', () => {
    const base = props({ price_comparison: false });
    const financed = {
      ...base,
      page: {
        ...base.page,
        card: {
          ...base.page.card,
          finance: { weekly: '$123', interest_rate: '7.99% p.a.', comparison_rate: '8.19% p.a.' },
        },
      },
    } as VehicleProps;
    const { container } = render(<VehiclePage {...financed} />);
    const line = container.querySelector('.vehicle__sidebar .vehicle__weekly');
    expect(line?.textContent).toBe(
      '$123/wk Pre-Approved Interest rate 7.99% p.a. Comparison rate 8.19% p.a.*',
    );
    const note = line?.nextElementSibling;
    expect(note?.className).toBe('comparison-rate-note');
    expect(note?.textContent).toContain(MESSAGES.COMPARISON_RATE_WARNING);
  });

  it('shows no repayment line or sidebar warning without finance', () => {
    const { container } = render(<VehiclePage {...props({ price_comparison: false })} />);
    expect(container.querySelector('.vehicle__sidebar .vehicle__weekly')).toBeNull();
    expect(container.querySelector('.vehicle__sidebar .comparison-rate-note')).toBeNull();
  });
});

describe('VehiclePage sections (seed 001 s2)', () => {
  it('orders the sections as the seed lists them and renders the standard equipment', () => {
    // Seed 001 s2: "sections Key information, Our Comments, Toyota Certified Pre-Owned,
    // Reserve Online, Why Buy From Us, Protect Your Car, Car Summary, All
    // Specifications"; seed 000 s3 / seed 001 s3: the car's standardEquipment.
    const base = props();
    const page = {
      ...base.page,
      comments_title: 'Our Comments',
      features: ['Heated seats'],
      standard_equipment: ['Reversing camera', 'Apple CarPlay'],
      assurances: {
        ...base.page.assurances,
        certified: {
          title: 'Toyota Certified Pre-Owned',
          points: ['90 point inspection', '1-year roadside assist'],
        },
        reserve_online: { title: 'Reserve Online', points: ['Reserve this car online.'] },
        why_buy: { title: 'Why Buy From Us', points: ['Family owned'] },
        protect: { title: 'Protect Your Car', points: ['Paint protection'] },
      },
    };
    render(<VehiclePage {...base} page={page} />);
    const content = document.querySelector('.vehicle__content');
    const headings = [...(content?.querySelectorAll('h2') ?? [])].map((h) => h.textContent);
    const seedOrder = [
      'Key information',
      'Our Comments',
      'Toyota Certified Pre-Owned',
      'Reserve Online',
      'Why Buy From Us',
      'Protect Your Car',
      'Car Summary',
      'All Specifications',
    ];
    expect(headings.filter((h) => seedOrder.includes(h ?? ''))).toEqual(seedOrder);
    const summary = screen.getByRole('region', { name: 'Car Summary' });
    expect(summary.textContent).toContain('Standard equipment');
    expect(summary.textContent).toContain('Reversing camera');
    expect(summary.textContent).toContain('Heated seats');
  });

  it("titles the summary with the vehicle's own word, not Car Summary on a motorcycle", () => {
    const base = props();
    const page = {
      ...base.page,
      features: ['ABS'],
      summary_title: 'Summary',
      similar_title: 'Similar motorcycles',
    };
    render(<VehiclePage {...base} page={page} />);
    expect(screen.getByRole('region', { name: 'Summary' }).textContent).toContain('ABS');
    expect(screen.queryByRole('region', { name: 'Car Summary' })).toBeNull();
  });

  it('offers the compare toggle where the site offers comparing', () => {
    // Seed 000 s4: "save or compare toggle".
    render(<VehiclePage {...props()} />);
    expect(screen.queryByRole('button', { name: 'Compare 2024 Toyota RAV4 GX' })).toBeNull();
    cleanup();
    render(<VehiclePage {...props()} site={{ ...testSite, compare: true }} />);
    expect(screen.getByRole('button', { name: 'Compare 2024 Toyota RAV4 GX' })).toBeTruthy();
  });

  it('warns in the console when no phone number was found for the car', () => {
    // Seed 001 s5: "Phone choice order: site override, per-car-type number, new/used
    // fallback, car location phone; a warning if none"; s8: "Missing phone: console warning".
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const base = props();
    render(<VehiclePage {...base} page={{ ...base.page, phone: null }} />);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('No phone number for the 2024 Toyota RAV4 GX'),
    );
    expect(screen.queryByRole('heading', { name: 'Call the dealer' })).toBeNull();
    warn.mockClear();
    cleanup();
    render(<VehiclePage {...props()} />);
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('No phone number'));
    warn.mockRestore();
  });
});

describe('VehiclePage comparison rate warning', () => {
  const count = (html: string) => html.split(MESSAGES.COMPARISON_RATE_WARNING).length - 1;
  const finance = { weekly: '$164.44', interest_rate: '6.42% p.a.', comparison_rate: '7.01% p.a.' };
  const quoted = props({
    price_comparison: false,
    youx_quote: {
      quote: { weeklyRepaymentAmount: 250.12, advertisedRate: 6.42, comparisonRate: 7.01 },
      request: null,
      assumptions: "youX's quote for great credit, over 5 years on the full price of $38,990",
    },
  });
  const similarUrl = '/_site/similar/car-42.json';
  const withSimilar = (sidebarFinance: boolean): VehicleProps => ({
    ...quoted,
    page: {
      ...quoted.page,
      card: { ...quoted.page.card, finance: sidebarFinance ? finance : null },
      similar_url: similarUrl,
    },
  });
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === similarUrl
        ? answer(200, { cars: [{ ...quoted.page.card, id: 43, slug: 'car-43', finance }] })
        : answer(200, { reserved: false }),
    );
  });

  it('is printed once, under the sidebar repayment, with every rate of the page on it', () => {
    const html = renderToString(<VehiclePage {...withSimilar(true)} />);
    expect(count(html)).toBe(1);
    const { container } = render(<VehiclePage {...withSimilar(true)} />);
    const notes = container.querySelectorAll('.comparison-rate-note');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.closest('.vehicle__sidebar')).not.toBeNull();
    // The estimate, calculator, quote and similar cars still show their rates.
    expect(container.querySelectorAll('.finance-figures__item--comparison')).toHaveLength(3);
  });

  it('is printed once, in the estimate box, when the sidebar shows no repayment', () => {
    const html = renderToString(<VehiclePage {...withSimilar(false)} />);
    expect(count(html)).toBe(1);
    const { container } = render(<VehiclePage {...withSimilar(false)} />);
    const notes = container.querySelectorAll('.comparison-rate-note');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.closest('[data-finance-figure="estimate"]')).not.toBeNull();
  });

  it("names the quote as youX's, apart from the estimate", () => {
    const { container } = render(<VehiclePage {...withSimilar(true)} />);
    const quote = container.querySelector('[data-finance-figure="quote"]');
    expect(quote?.querySelector('h2')?.textContent).toBe('youX finance quote');
    expect(quote?.querySelector('[data-finance-assumptions]')?.textContent).toContain(
      "youX's quote",
    );
  });
});

describe('VehiclePage stock state on load', () => {
  /** Answers GET /api/stock/42 with `state` once `release` is called. */
  function stockAnswer(state: object) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/stock/42') {
        await gate;
        return answer(200, state);
      }
      return url.endsWith('/autogauge')
        ? answer(404, { success: false, code: 'no_data' })
        : answer(200, {});
    });
    return () => release();
  }

  /** The sidebar's elements and the price line's text. The tests turn the
   *  price comparison off: its own answer hides its panel. */
  function sidebar(container: HTMLElement) {
    const aside = container.querySelector('.vehicle__sidebar');
    const slots = Array.from(aside?.querySelectorAll(':scope > *') ?? []).map((el) => el.tagName);
    return { slots, price: container.querySelector('.vehicle__price')?.textContent };
  }

  it('swaps the reserve button for the SOLD notice in its place when the car sold since the build', async () => {
    const release = stockAnswer({ car_id: 42, status: 'sold', price: null });
    const { container } = render(<VehiclePage {...props({ price_comparison: false })} />);
    const reserve = screen.getByRole('link', { name: MESSAGES.RESERVE_NOW });
    const before = sidebar(container);
    const at = Array.from(reserve.parentElement?.children ?? []).indexOf(reserve);
    const parent = reserve.parentElement;
    release();
    const notice = await screen.findByText(MESSAGES.SOLD);
    expect(screen.queryByRole('link', { name: MESSAGES.RESERVE_NOW })).toBeNull();
    // The same box (the button's class) at the same place: nothing around it moves.
    expect(notice.classList.contains('button')).toBe(true);
    expect(notice.parentElement).toBe(parent);
    expect(Array.from(parent?.children ?? []).indexOf(notice)).toBe(at);
    expect(sidebar(container).slots.length).toBe(before.slots.length);
    expect(sidebar(container).price).toBe(before.price);
  });

  it('says SOLD on the price line of a car without a reserve button, and Reserved for a hold', async () => {
    const noReserve = props({ price_comparison: false });
    noReserve.page.card.reserve_url = null;
    const release = stockAnswer({ car_id: 42, status: 'gone', price: null });
    const { container } = render(<VehiclePage {...noReserve} />);
    const before = sidebar(container);
    release();
    await waitFor(() => expect(sidebar(container).price).toBe(MESSAGES.SOLD));
    expect(sidebar(container).slots.length).toBe(before.slots.length);
    cleanup();

    const held = stockAnswer({ car_id: 42, status: 'reserved', price: 38990 });
    render(<VehiclePage {...props({ price_comparison: false })} />);
    held();
    // In the reserve button's box, so nothing below it moves.
    expect((await screen.findByText(MESSAGES.RESERVED)).classList.contains('button')).toBe(true);
    expect(screen.queryByRole('link', { name: MESSAGES.RESERVE_NOW })).toBeNull();
    expect(screen.queryByText(MESSAGES.SOLD)).toBeNull();
  });

  it('keeps the page as built for an available car, an unknown state, another car or no answer', async () => {
    for (const state of [
      { car_id: 42, status: 'available', price: 38990 },
      { car_id: 42, status: 'unknown', price: null },
      { car_id: 7, status: 'sold', price: null },
      { reserved: false },
    ]) {
      const release = stockAnswer(state);
      render(<VehiclePage {...props({ price_comparison: false })} />);
      release();
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => url === '/api/stock/42')).toBe(true),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.getByRole('link', { name: MESSAGES.RESERVE_NOW })).toBeTruthy();
      expect(screen.queryByText(MESSAGES.SOLD)).toBeNull();
      cleanup();
      fetchMock.mockClear();
    }
  });

  it('does not ask about a car the page was built as sold', async () => {
    render(<VehiclePage {...props({}, 'SOLD')} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/stock/'))).toBe(false);
  });
});
