import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompareProps } from '../app/props';
import { comparedCars, resetCompared, toggleCompared } from '../features/compare/compare-store';
import { mockFetch } from '../testing/fetch';
import { testCard } from '../testing/card';
import { testSite } from '../testing/site';
import { ComparePage } from './compare-page';

const props: CompareProps = {
  site: { ...testSite, compare: true },
  gate: null,
  page: {
    title: 'Compare cars',
    rows: ['Price', 'Kilometres', 'Year', 'Fuel', 'Transmission', 'Body', 'Seats'],
    max_cars: 4,
    search_path: '/search/used-cars',
  },
};

const ref = (id: number, slug: string, name: string) => ({
  id,
  name,
  slug,
  make: 'Mazda',
  model: 'CX-5',
  primary_image_url: '',
});

/** A vehicle page as the site publishes it: its props in #__FORECOURT_PROPS__. */
function vehiclePage(id: number, slug: string, name: string, rows: [string, string][]): Response {
  const page = {
    card: { ...testCard, id, slug, name, path: `/cars/${slug}` },
    specifications: [],
    compare: rows.map(([label, value]) => ({ label, value })),
  };
  const json = JSON.stringify({ site: testSite, gate: null, page }).replace(/</g, '\\u003c');
  return new Response(
    `<!doctype html><html><body><script id="__FORECOURT_PROPS__" type="application/json">${json}</script></body></html>`,
    { status: 200, headers: { 'content-type': 'text/html' } },
  );
}

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  window.localStorage.clear();
  resetCompared();
  fetchMock = mockFetch();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/cars/2021-mazda-cx-5/')
      return vehiclePage(1, '2021-mazda-cx-5', '2021 Mazda CX-5 Maxx', [
        ['Price', '$31,990 Drive Away'],
        ['Kilometres', '48,210 km'],
        ['Year', '2021'],
        ['Fuel', 'Petrol'],
        ['Transmission', 'Automatic'],
        ['Body', 'SUV'],
      ]);
    if (url === '/cars/2020-kia-sportage/')
      return vehiclePage(2, '2020-kia-sportage', '2020 Kia Sportage SX', [
        ['Price', '$27,500'],
        ['Kilometres', '61,000 km'],
        ['Year', '2020'],
        ['Fuel', 'Diesel'],
        ['Transmission', 'Automatic'],
        ['Body', 'SUV'],
      ]);
    return new Response('Not found', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ComparePage', () => {
  it('renders the same empty shell for everyone on the server', () => {
    toggleCompared(ref(1, '2021-mazda-cx-5', '2021 Mazda CX-5'));
    const html = renderToString(<ComparePage {...props} />);
    expect(html).toContain('Compare cars');
    expect(html).toContain('Loading the cars you picked');
    expect(html).not.toContain('Mazda');
  });

  it('sets the picked cars side by side: price, km, year, fuel, transmission, body, key specs', async () => {
    toggleCompared(ref(1, '2021-mazda-cx-5', '2021 Mazda CX-5'));
    toggleCompared(ref(2, '2020-kia-sportage', '2020 Kia Sportage'));
    render(<ComparePage {...props} />);
    const table = await screen.findByRole('table', { name: '2 cars side by side' });
    await within(table).findByRole('link', { name: '2020 Kia Sportage SX' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.querySelector('a')?.textContent);
    expect(headers).toEqual(['2021 Mazda CX-5 Maxx', '2020 Kia Sportage SX']);
    const rowOf = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelectorAll('td');
    expect([...(rowOf('Price') ?? [])].map((td) => td.textContent)).toEqual([
      '$31,990 Drive Away',
      '$27,500',
    ]);
    expect([...(rowOf('Fuel') ?? [])].map((td) => td.textContent)).toEqual(['Petrol', 'Diesel']);
    for (const label of ['Kilometres', 'Year', 'Transmission', 'Body'])
      expect(within(table).getByRole('rowheader', { name: label })).toBeTruthy();
    // A row no car has is left out.
    expect(within(table).queryByRole('rowheader', { name: 'Seats' })).toBeNull();
    expect(document.querySelector('.compare__status')?.textContent).toContain(
      '2 of 4 cars to compare.',
    );
    expect(screen.getByRole('region', { name: '2 cars side by side' }).tabIndex).toBe(0);
  });

  it('removes a car, says so and keeps the focus on the page', async () => {
    toggleCompared(ref(1, '2021-mazda-cx-5', '2021 Mazda CX-5'));
    toggleCompared(ref(2, '2020-kia-sportage', '2020 Kia Sportage'));
    render(<ComparePage {...props} />);
    await screen.findByRole('link', { name: '2020 Kia Sportage SX' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the 2021 Mazda CX-5 Maxx' }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: '1 car side by side' })).toBeTruthy(),
    );
    expect(document.querySelector('.compare__status')?.textContent).toContain(
      'Removed the 2021 Mazda CX-5 Maxx from compare. 1 of 4 cars to compare.',
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Compare cars' }));
    expect(comparedCars().map((c) => c.id)).toEqual([2]);
  });

  it('names a car that is no longer listed and offers the search when nothing is compared', async () => {
    toggleCompared(ref(3, 'gone-car', '2019 Ford Ranger'));
    render(<ComparePage {...props} />);
    expect(await screen.findByText('No longer listed')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /2019 Ford Ranger/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the 2019 Ford Ranger' }));
    expect(await screen.findByRole('link', { name: 'Browse our stock' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
