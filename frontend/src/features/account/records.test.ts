import { beforeEach, describe, expect, it } from 'vitest';
import {
  FAVOURITES_KEY,
  loadEnquiries,
  loadFavourites,
  loadSearches,
  loadSuccess,
  recordEnquiry,
  recordSearch,
  RECORD_LIMIT,
  saveSuccess,
  SEARCH_HISTORY_LIMIT,
  setFavourite,
} from './records';

const car = (id: number) => ({
  id,
  name: `Car ${id}`,
  slug: `car-${id}`,
  make: 'Toyota',
  model: 'RAV4',
  primary_image_url: '',
});

beforeEach(() => window.localStorage.clear());

describe('records', () => {
  it('keeps favourites newest first, once each, and removes them', () => {
    setFavourite(car(1), true);
    setFavourite(car(2), true);
    setFavourite(car(1), true);
    expect(loadFavourites().map((f) => f.id)).toEqual([1, 2]);
    setFavourite(car(1), false);
    expect(loadFavourites().map((f) => f.id)).toEqual([2]);
  });

  it('drops what it cannot read instead of failing', () => {
    window.localStorage.setItem(FAVOURITES_KEY, '[{"id":"x"},{"id":3,"name":"Car 3"},42,null');
    expect(loadFavourites()).toEqual([]);
    window.localStorage.setItem(FAVOURITES_KEY, '[{"id":"x"},{"id":3,"name":"Car 3"},42,null]');
    expect(loadFavourites()).toEqual([
      { id: 3, name: 'Car 3', slug: '', make: '', model: '', primary_image_url: '' },
    ]);
  });

  it('keeps the last 5 searches that have a filter (seed 001 s3), a repeated path once', () => {
    recordSearch('/search/used-cars', {});
    recordSearch('/search/used-cars?query=', { query: ' ' });
    expect(loadSearches()).toEqual([]);
    for (let i = 1; i <= 7; i += 1)
      recordSearch(`/search/used-cars?query=${i}`, { query: String(i), make: '' });
    recordSearch('/search/used-cars?query=5', { query: '5' });
    const searches = loadSearches();
    expect(searches).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(searches.map((s) => s.filters.query)).toEqual(['5', '7', '6', '4', '3']);
    expect(searches[1]?.filters).toEqual({ query: '7' });
  });

  it('keeps the newest enquiries up to the limit and the success marker', () => {
    for (let i = 0; i < RECORD_LIMIT + 3; i += 1) {
      recordEnquiry({
        lead_id: `L${i}`,
        form: 'Enquire Now',
        category: 'General Enquiry',
        car: i % 2 ? car(i) : null,
        sent_at: '2026-11-24T06:00:00Z',
      });
    }
    const kept = loadEnquiries();
    expect(kept).toHaveLength(RECORD_LIMIT);
    expect(kept[0]?.lead_id).toBe(`L${RECORD_LIMIT + 2}`);
    expect(kept[0]?.car).toEqual(null);
    expect(kept[1]?.car?.id).toBe(RECORD_LIMIT + 1);
    expect(loadSuccess()).toBeNull();
    saveSuccess({
      title: 'Thank You',
      text: 'We will be in touch.',
      form: 'Enquire Now',
      car: car(9),
      at: '2026-11-24T06:00:00Z',
    });
    expect(loadSuccess()?.car?.slug).toBe('car-9');
  });
});
