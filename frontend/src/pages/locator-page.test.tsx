import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../components/test-fetch';
import { testSite } from '../components/test-site';
import type { LocatorPageView } from '../types/generated/LocatorPageView';
import type { Website } from '../types/generated/Website';
import { LocatorPage } from './locator-page';

const place = (id: number, city: string, postcode: string, lat: number, lng: number) => ({
  id,
  name: `Dealer ${city}`,
  department: 'Sales',
  street: '1 Main St',
  city,
  state: 'QLD',
  postcode,
  lat,
  lng,
  phone: null,
  makes: ['Toyota'],
  url: `/locations/${id}`,
});

const websites: Website[] = [
  {
    id: 1,
    name: 'Group',
    url: 'http://group.localhost/',
    dealership: 'group',
    locations: [
      place(1, 'Brisbane', '4000', -27.4698, 153.0251),
      place(2, 'Ipswich', '4305', -27.6144, 152.7609),
      place(3, 'Toowoomba', '4350', -27.5598, 151.9507),
    ],
  },
];

const page: LocatorPageView = {
  title: 'Dealer Locator',
  api_path: '/api/websites',
  makes: ['Toyota'],
  distance_choices: [25, 50, 100],
  default_radius_km: 100,
  pick_radius_km: 50,
  pick_nearest: 5,
  failure_log: 'Error fetching websites',
};

const status = () => document.querySelector('.locator-status')?.textContent ?? '';
const names = () => [...document.querySelectorAll('.locator-item__name')].map((h) => h.textContent);

async function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Suburb or postcode' }), {
    target: { value: text },
  });
  await act(async () => {
    vi.advanceTimersByTime(300);
  });
  // Let the postcode lookup answer.
  await act(async () => {});
  await act(async () => {});
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LocatorPage', () => {
  it('shows the seed message and an empty state for an unknown postcode, never the last result', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/websites') return answer(200, websites);
      if (path === '/api/postcodes/4305')
        return answer(200, { locality: 'IPSWICH', state: 'QLD', lat: -27.6144, lng: 152.7609 });
      return answer(404, { success: false, code: 'not_found', message: 'Invalid postcode.' });
    });
    render(<LocatorPage site={testSite} page={page} gate={null} />);
    await waitFor(() => expect(status()).toBe('3 locations'));
    await search('4305');
    await waitFor(() => expect(status()).toContain('nearest to 4305'));
    expect(names()[0]).toBe('Dealer Ipswich');
    await search('0001');
    await waitFor(() => expect(status()).toBe('Invalid postcode.'));
    expect(names()).toEqual([]);
    expect(screen.getByText(/We could not find that postcode/)).toBeTruthy();
  });

  it('words the status after the last search: a suburb after a postcode drops the place', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/websites') return answer(200, websites);
      return answer(200, { locality: 'IPSWICH', state: 'QLD', lat: -27.6144, lng: 152.7609 });
    });
    render(<LocatorPage site={testSite} page={page} gate={null} />);
    await waitFor(() => expect(status()).toBe('3 locations'));
    await search('4305');
    await waitFor(() => expect(status()).toContain('nearest to 4305'));
    await search('Toowoomba');
    expect(status()).toBe('1 location');
    expect(names()).toEqual(['Dealer Toowoomba']);
    await search('Nowhere');
    expect(status()).toBe('0 locations');
    expect(screen.getByText(/No dealers match your search/)).toBeTruthy();
  });
});
