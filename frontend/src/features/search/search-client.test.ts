import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../testing/fetch';
import { testCard } from '../../testing/card';
import { AnswerCache, fetchSearch, parseAnswer, type SearchAnswer } from './search-client';

afterEach(() => vi.unstubAllGlobals());

const result = (count: number): SearchAnswer => ({
  hits: [testCard],
  count,
  page: 0,
  pages: 1,
  facets: {},
  facets_stats: {},
});

describe('search client', () => {
  it('keeps a bounded cache that drops the oldest answer when full', () => {
    const cache = new AnswerCache(2);
    cache.set('a', result(1));
    cache.set('b', result(2));
    cache.set('a', result(3));
    cache.set('c', result(4));
    expect(cache.length).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.count).toBe(3);
    expect(cache.get('c')?.count).toBe(4);
  });

  it('answers a repeated query from the cache and asks again when fresh', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async () =>
      answer(200, { ...result(7), facets_stats: { price: { min: 1, max: 2 } } }),
    );
    const cache = new AnswerCache(10);
    const first = await fetchSearch('/api/search', 'query=rav4', cache);
    expect(first.facets_stats.price).toEqual({ min: 1, max: 2 });
    await fetchSearch('/api/search', 'query=rav4', cache);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchSearch('/api/search', 'query=rav4', cache, undefined, true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/search?query=rav4');
  });

  it('refuses an answer without card hits', () => {
    expect(() => parseAnswer({ hits: [{ id: 1 }], count: 1, pages: 1 })).toThrow(
      'search answer has no card hits',
    );
  });
});
