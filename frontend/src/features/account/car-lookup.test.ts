import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCard } from '../../testing/card';
import { answer, mockFetch } from '../../testing/fetch';
import { carSlugOf } from './car-lookup';

afterEach(() => vi.unstubAllGlobals());

const searchAnswer = (hits: unknown[]) =>
  answer(200, { hits, count: hits.length, page: 0, pages: 1, facets: {} });

describe('carSlugOf', () => {
  // Seed 000 s2: "/checkout-journey?car_id={id} | online purchase"; seed 001 s2:
  // "/checkout-journey?car_id={slug} (online purchase)". Both name the same car.
  it('reads a numeric car_id as the car id, through the search API', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(
      searchAnswer([{ ...testCard, id: 4021, path: '/cars/2022-toyota-rav4-gx' }]),
    );
    expect(await carSlugOf('4021')).toBe('2022-toyota-rav4-gx');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/search?hitsPerPage=100&ids=4021');
  });

  it('keeps a slug as it is, without a request', async () => {
    const fetchMock = mockFetch();
    expect(await carSlugOf('2022-toyota-rav4-gx')).toBe('2022-toyota-rav4-gx');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads a number no car has as a slug, and refuses what is neither', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(searchAnswer([]));
    expect(await carSlugOf('12345')).toBe('12345');
    expect(await carSlugOf('../etc')).toBeNull();
  });
});
