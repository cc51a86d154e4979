import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartsSearchProps } from '../app/props';
import { testSite } from '../testing/site';
import type { PartView } from '../types/generated/PartView';
import type { PartsSearchPageView } from '../types/generated/PartsSearchPageView';
import { MESSAGES } from '../types/generated/messages';
import { PartsSearchPage } from './parts-search-page';

const part = (
  number: string,
  name: string,
  category: string,
  makes: string[],
  fits: string,
  price_text = '$99',
): PartView => ({
  number,
  name,
  category,
  makes,
  fits,
  description: null,
  price_text,
  order_url: `/parts?part_number=${encodeURIComponent(number)}&order_detail=${encodeURIComponent(name)}#parts-form`,
});

const parts: PartView[] = [
  part('PZQ64-0K044', 'Towbar - Heavy Duty', 'Towing', ['Toyota'], 'Toyota HiLux', '$1,290'),
  part('0000-8B-L01', 'Tow Bar Kit', 'Towing', ['Mazda'], 'Mazda CX-5'),
  part(
    'PZQ20-42080',
    'Rubber Floor Mats',
    'Interior',
    ['Toyota'],
    'Toyota RAV4',
    'Enquire for price.',
  ),
  part('MMG-FAK-01', 'First Aid Kit <Deluxe>', 'Safety', [], 'All models', '$69'),
  // More than a page of interior parts, so the catalogue has a second page.
  ...Array.from({ length: 24 }, (_, i) =>
    part(`MAT-${i}`, `Seat Cover ${i}`, 'Interior', ['Mazda'], 'Mazda CX-5'),
  ),
];

function view(overrides: Partial<PartsSearchPageView> = {}): PartsSearchPageView {
  return {
    title: 'Parts & Accessories',
    intro: 'Genuine parts and accessories from Acme Motors.',
    breadcrumbs: [
      { label: 'Home', url: '/' },
      { label: 'Parts & Accessories', url: null },
    ],
    parts,
    categories: [
      { value: 'Interior', count: 25 },
      { value: 'Safety', count: 1 },
      { value: 'Towing', count: 2 },
    ],
    makes: [
      { value: 'Mazda', count: 27 },
      { value: 'Toyota', count: 3 },
    ],
    page_size: 24,
    order_form_url: '/parts',
    ...overrides,
  };
}

const props = (page: PartsSearchPageView): PartsSearchProps => ({
  site: testSite,
  gate: null,
  page,
});
const names = () =>
  within(screen.getByRole('list', { name: 'Parts' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const count = () => document.getElementById('parts-count')?.textContent;

beforeEach(() => window.history.replaceState(null, '', '/parts/search'));
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('PartsSearchPage', () => {
  it('renders the first page of parts on the server, with the markup of a name as text', () => {
    // React separates adjacent text with empty comments.
    const html = renderToString(<PartsSearchPage {...props(view())} />).replaceAll('<!-- -->', '');
    expect(html).toContain('28 parts');
    expect(html).toContain('Towbar - Heavy Duty');
    expect(html).toContain('First Aid Kit &lt;Deluxe&gt;');
    expect(html).not.toContain('Seat Cover 20'); // the 25th part is on page 2
    expect(html).toContain('Page 1 of 2');
  });

  it('shows each part with its number, category, fits, price and order link', () => {
    render(<PartsSearchPage {...props(view())} />);
    const card = screen
      .getByRole('heading', { name: 'Towbar - Heavy Duty' })
      .closest('li') as HTMLElement;
    for (const text of ['PZQ64-0K044', 'Towing', 'Toyota HiLux', '$1,290'])
      expect(within(card).getByText(text)).toBeTruthy();
    const order = within(card).getByRole('link', { name: 'Order this part: Towbar - Heavy Duty' });
    expect(order.getAttribute('href')).toBe(parts[0]?.order_url);
    const mats = screen
      .getByRole('heading', { name: 'Rubber Floor Mats' })
      .closest('li') as HTMLElement;
    expect(within(mats).getByText('Enquire for price.')).toBeTruthy();
  });

  it('filters by category and then by make, with the filters in the URL and the page dropped', async () => {
    window.history.replaceState(null, '', '/parts/search?page=1');
    render(<PartsSearchPage {...props(view())} />);
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), {
      target: { value: 'Towing' },
    });
    expect(names()).toEqual(['Towbar - Heavy Duty', 'Tow Bar Kit']);
    expect(count()).toBe('2 parts');
    expect(window.location.search).toBe('?category=Towing');
    fireEvent.change(screen.getByRole('combobox', { name: 'Make' }), {
      target: { value: 'Toyota' },
    });
    expect(names()).toEqual(['Towbar - Heavy Duty']);
    expect(count()).toBe('1 part');
    expect(window.location.search).toBe('?category=Towing&make=Toyota');
    // A part for every make stays under each make.
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '' } });
    expect(names()).toEqual(['Towbar - Heavy Duty', 'Rubber Floor Mats', 'First Aid Kit <Deluxe>']);
    expect(screen.getByRole('option', { name: 'Towing (2)' })).toBeTruthy();
  });

  it('searches after a pause, reaches the empty state and Clear Filters brings every part back', async () => {
    render(<PartsSearchPage {...props(view())} />);
    const box = screen.getByRole('searchbox', { name: 'Search parts' });
    fireEvent.change(box, { target: { value: 'pzq64 0k044' } });
    await waitFor(() => expect(names()).toEqual(['Towbar - Heavy Duty']));
    expect(window.location.search).toBe('?query=pzq64+0k044');
    fireEvent.change(box, { target: { value: 'no part is called this' } });
    await screen.findByRole('heading', { name: MESSAGES.NO_RESULTS_TITLE });
    expect(count()).toBe('0 parts');
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.CLEAR_FILTERS }));
    expect(count()).toBe('28 parts');
    expect((box as HTMLInputElement).value).toBe('');
    expect(window.location.search).toBe('');
  });

  it('applies the query at once on Enter', () => {
    render(<PartsSearchPage {...props(view())} />);
    const box = screen.getByRole('searchbox', { name: 'Search parts' });
    fireEvent.change(box, { target: { value: 'first aid' } });
    fireEvent.submit(box);
    expect(names()).toEqual(['First Aid Kit <Deluxe>']);
  });

  it('opens on the search of its URL and follows back and forward', async () => {
    window.history.replaceState(null, '', '/parts/search?category=towing&query=kit');
    render(<PartsSearchPage {...props(view())} />);
    await waitFor(() => expect(names()).toEqual(['Tow Bar Kit']));
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe(
      'Towing',
    );
    expect(
      (screen.getByRole('searchbox', { name: 'Search parts' }) as HTMLInputElement).value,
    ).toBe('kit');
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), {
      target: { value: 'Safety' },
    });
    expect(names()).toEqual(['First Aid Kit <Deluxe>']);
    act(() => window.history.back());
    await waitFor(() => expect(names()).toEqual(['Tow Bar Kit']));
    act(() => window.history.forward());
    await waitFor(() => expect(names()).toEqual(['First Aid Kit <Deluxe>']));
  });

  it('pages through the parts', async () => {
    render(<PartsSearchPage {...props(view())} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(names()).toEqual(['Seat Cover 20', 'Seat Cover 21', 'Seat Cover 22', 'Seat Cover 23']);
    expect(window.location.search).toBe('?page=1');
  });

  it('offers no make select when the parts fit one make only', () => {
    render(<PartsSearchPage {...props(view({ makes: [{ value: 'Toyota', count: 3 }] }))} />);
    expect(screen.queryByRole('combobox', { name: 'Make' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Order by part number' }).getAttribute('href')).toBe(
      '/parts',
    );
  });
});
