import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../testing/fetch';
import { testSite } from '../testing/site';
import type { LocatorPageView } from '../types/generated/LocatorPageView';
import type { Website } from '../api/client';
import { group, place } from '../testing/locator-websites';
import { LocatorPage } from './locator-page';
import type { MapHandle, MapOptions } from '../lib/map/leaflet-map';
import { installObserver, observers } from '../testing/intersection-observer';

const drawMap = vi.fn<(element: HTMLElement, options: MapOptions) => MapHandle>(() => ({
  setMarkers: vi.fn(),
  setPicked: vi.fn(),
  // Where the shopper moved the map before pressing Use the map centre: Ipswich.
  centre: () => ({ lat: -27.6144, lng: 152.7609 }),
  destroy: vi.fn(),
}));
vi.mock('../lib/map/leaflet-map', () => ({
  drawMap: (e: HTMLElement, o: MapOptions) => drawMap(e, o),
}));

const websites: Website[] = [
  group([
    place(1, 'Brisbane', '4000', -27.4698, 153.0251),
    place(2, 'Ipswich', '4305', -27.6144, 152.7609),
    place(3, 'Toowoomba', '4350', -27.5598, 151.9507),
  ]),
];

const page: LocatorPageView = {
  title: 'Dealer Locator',
  api_path: '/api/websites',
  makes: ['Toyota'],
  distance_choices: [25, 50, 100],
  default_radius_km: 100,
  pick_radius_km: 50,
  pick_nearest: 5,
  failure_log: 'Failed to fetch locations',
  network: null,
};

const status = () => document.querySelector('.locator-status')?.textContent ?? '';
const names = () => [...document.querySelectorAll('.locator-item__name')].map((h) => h.textContent);

async function search(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Suburb or postcode' }), {
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
      if (path.startsWith('/api/places')) return answer(200, []);
      if (path === '/api/postcodes/4305')
        return answer(200, { locality: 'Ipswich', state: 'QLD', lat: -27.6144, lng: 152.7609 });
      return answer(404, { success: false, code: 'not_found', message: 'Invalid postcode.' });
    });
    render(<LocatorPage site={testSite} page={page} gate={null} />);
    await waitFor(() => expect(status()).toBe('3 locations'));
    await search('4305');
    // Every dealership within the chosen 100 km, nearest first (Toowoomba is 83 km away).
    await waitFor(() => expect(status()).toBe('3 locations within 100 km of Ipswich QLD 4305'));
    expect(names()).toEqual(['Dealer Ipswich', 'Dealer Brisbane', 'Dealer Toowoomba']);
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
      if (path.startsWith('/api/places')) return answer(200, []);
      return answer(200, { locality: 'Ipswich', state: 'QLD', lat: -27.6144, lng: 152.7609 });
    });
    render(<LocatorPage site={testSite} page={page} gate={null} />);
    await waitFor(() => expect(status()).toBe('3 locations'));
    await search('4305');
    await waitFor(() => expect(status()).toContain('within 100 km of Ipswich QLD 4305'));
    await search('Toowoomba');
    expect(status()).toBe('1 location');
    expect(names()).toEqual(['Dealer Toowoomba']);
    // Words that match no location and no place either list nothing, and say so.
    await search('Nowhere');
    await waitFor(() => expect(status()).toBe('0 locations'));
    expect(screen.getByText(/No dealers match your search/)).toBeTruthy();
  });

  it('keeps the whole list while a suburb is typed, until its suggestion is picked', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/websites') return answer(200, websites);
      if (path === '/api/places?q=Graf')
        return answer(200, [
          {
            name: 'Grafton',
            state: 'NSW',
            postcode: '2460',
            label: 'Grafton NSW 2460',
            lat: -29.6904,
            lng: 152.9333,
          },
        ]);
      return answer(404, {});
    });
    render(<LocatorPage site={testSite} page={page} gate={null} />);
    await waitFor(() => expect(status()).toBe('3 locations'));
    await search('Graf');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Grafton NSW 2460' })).toBeTruthy(),
    );
    // No dealer is called "Graf": the list stays as it was, never "0 locations".
    expect(status()).toBe('3 locations');
    expect(names()).toEqual(['Dealer Brisbane', 'Dealer Ipswich', 'Dealer Toowoomba']);
    expect(screen.queryByText(/No dealers match your search/)).toBeNull();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Suburb or postcode' }), {
      key: 'ArrowDown',
    });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Suburb or postcode' }), {
      key: 'Enter',
    });
    expect(status()).toBe('No dealers within 100 km of Grafton NSW 2460.');
  });

  it('lists the 5 nearest within 250 km after a map pick, by click or by the map centre', async () => {
    installObserver();
    const far = [
      place(4, 'Gold Coast', '4217', -28.0167, 153.4),
      place(5, 'Sunshine Coast', '4558', -26.65, 153.0667),
      place(6, 'Gympie', '4570', -26.19, 152.665),
      place(7, 'Rockhampton', '4700', -23.3781, 150.5136),
    ];
    const many = [{ ...websites[0]!, locations: [...websites[0]!.locations, ...far] }];
    mockFetch().mockImplementation(async () => answer(200, many));
    render(
      <LocatorPage
        site={testSite}
        page={{ ...page, distance_choices: [25, 50, 100, 250], pick_radius_km: 250 }}
        gate={null}
      />,
    );
    await act(async () => {});
    await act(async () => observers[0]!.fire(true));
    fireEvent.click(screen.getByRole('button', { name: 'Use the map centre' }));
    // Rockhampton is 480 km away and Gympie the sixth nearest: neither is listed.
    expect(names()).toEqual([
      'Dealer Ipswich',
      'Dealer Brisbane',
      'Dealer Gold Coast',
      'Dealer Toowoomba',
      'Dealer Sunshine Coast',
    ]);
    expect(status()).toBe(
      'Showing the 5 nearest to the point picked on the map within 250 km. 5 locations',
    );
    expect((screen.getByRole('combobox', { name: 'Distance' }) as HTMLSelectElement).value).toBe(
      '250',
    );
    // A click on the map near Rockhampton picks there instead.
    await act(async () => drawMap.mock.calls[0]![1].onPick!({ lat: -23.4, lng: 150.5 }));
    expect(names()).toEqual(['Dealer Rockhampton']);
    // Seed 000 s9 "after a map pick 250 with the 5 nearest shown": a pick
    // with no dealer within 250 km (Perth) says none is near, not "Showing the 5 nearest".
    await act(async () => drawMap.mock.calls[0]![1].onPick!({ lat: -31.95, lng: 115.86 }));
    expect(names()).toEqual([]);
    expect(status()).toBe('No dealers within 250 km of the point picked on the map.');
    expect(screen.getByText(/Choose a wider distance, pick another point on the map/)).toBeTruthy();
    expect(screen.queryByText(/No dealers match your search/)).toBeNull();
  });

  it('places a picked suburb and lists every dealership within the distance chosen', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/websites') return answer(200, websites);
      if (path === '/api/places?q=Ipsw')
        return answer(200, [
          {
            name: 'Ipswich',
            state: 'QLD',
            postcode: '4305',
            label: 'Ipswich QLD 4305',
            lat: -27.6144,
            lng: 152.7609,
          },
        ]);
      return answer(404, {});
    });
    render(<LocatorPage site={testSite} page={page} gate={null} />);
    await waitFor(() => expect(status()).toBe('3 locations'));
    const distance = screen.getByRole('combobox', { name: 'Distance' }) as HTMLSelectElement;
    // The distance can be chosen before the place, and after words are typed.
    await search('Ipsw');
    expect(distance.disabled).toBe(false);
    fireEvent.change(distance, { target: { value: '50' } });
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Ipswich QLD 4305' })).toBeTruthy(),
    );
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Suburb or postcode' }), {
      key: 'Enter',
    });
    expect(status()).toBe('2 locations within 50 km of Ipswich QLD 4305');
    expect(names()).toEqual(['Dealer Ipswich', 'Dealer Brisbane']);
    fireEvent.change(distance, { target: { value: '100' } });
    expect(names()).toEqual(['Dealer Ipswich', 'Dealer Brisbane', 'Dealer Toowoomba']);
    expect(distance.disabled).toBe(false);
  });

  it('marks the locations of a manufacturer network', async () => {
    const network: Website = {
      ...group([place(9, 'Gympie', '4570', -26.19, 152.665)]),
      id: 2,
      name: 'Other Toyota',
      network: 'Toyota',
    };
    mockFetch().mockImplementation(async () => answer(200, [...websites, network]));
    render(<LocatorPage site={testSite} page={{ ...page, network: 'Toyota' }} gate={null} />);
    await waitFor(() => expect(status()).toBe('4 locations'));
    expect(screen.getAllByText('Toyota network')).toHaveLength(1);
    expect(screen.getByText(/then other Toyota dealers/)).toBeTruthy();
  });

  it('logs "Failed to fetch locations" and lists nothing when the locations cannot be fetched', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch().mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<LocatorPage site={testSite} page={page} gate={null} />);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to fetch locations', expect.any(TypeError)),
    );
    expect(names()).toEqual([]);
    expect(status()).toBe('');
    expect(screen.queryByText(/No dealers match/)).toBeNull();
    error.mockRestore();
  });
});
