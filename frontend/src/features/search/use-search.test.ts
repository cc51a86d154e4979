import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '../../types/generated/CardView';
import type { SearchPageView } from '../../types/generated/SearchPageView';
import { testCard } from '../../testing/card';
import { useSearch } from './use-search';

const card: CardView = { ...testCard, tag: null, image: null, location_name: null, finance: null };

const page = {
  route: '/search/new-used-and-demo-cars',
  title: 'Stock',
  fixed_filters: [],
  hits: [card],
  count: 1,
  pages: 1,
  page_size: 21,
  sort_by: 'relevance',
  sort_options: [],
  facets: [],
  ranges: [],
  api_path: '/api/search',
  cache_size: 10,
} as unknown as SearchPageView;

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('useSearch', () => {
  it('refreshes the first page once after hydration so a car held since the build shows Reserved', async () => {
    const held = { ...card, tag: { kind: 'reserved', text: 'Reserved' }, reserve_url: null };
    const fetchMock = vi
      .fn()
      .mockResolvedValue(
        new Response(JSON.stringify({ hits: [held], count: 1, page: 0, pages: 1, facets: {} })),
      );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useSearch(page));
    expect(result.current.answer.hits[0]?.tag).toBeNull();
    await waitFor(() => expect(result.current.answer.hits[0]?.tag?.text).toBe('Reserved'));
    expect(result.current.answer.hits[0]?.reserve_url).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/search');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-cache' });
    expect(result.current.status).toBe('idle');
  });

  it('keeps the server-rendered results when the refresh fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const { result } = renderHook(() => useSearch(page));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(result.current.answer.hits).toEqual([card]);
    expect(result.current.status).toBe('idle');
    errors.mockRestore();
  });
});
