import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../testing/fetch';
import { testCard } from '../../testing/card';
import { MESSAGES } from '../../types/generated/messages';
import { SimilarCars, similarCarsOf } from './similar-cars';

const URL = '/_site/similar/car-42.json';
const finance = { weekly: '$164.44', interest_rate: '6.42% p.a.', comparison_rate: '7.01% p.a.' };
const neighbour = { ...testCard, id: 43, slug: 'car-43', name: '2023 Toyota RAV4 GXL', finance };

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function similar(rateNote = false) {
  return (
    <SimilarCars
      url={URL}
      searchUrl="/search/toyota/rav4"
      title="Similar cars"
      rateNote={rateNote}
      stand={testCard}
    />
  );
}

describe('SimilarCars', () => {
  it('holds the row and links the model search before the file loads (and without scripts)', () => {
    const html = renderToString(similar());
    expect(html).toContain('vehicle__similar-loading');
    expect(html).toContain('href="/search/toyota/rav4"');
    expect(html).toContain('See more similar cars');
    // The room is held by this car's card, unseen and out of reach.
    expect(html).toMatch(/class="vehicle__similar-loading" aria-hidden="true" inert=""/);
    expect(html).toContain(testCard.name);
  });

  it('shows the cards of the file in one row, with the comparison rate warning when asked', async () => {
    fetchMock.mockResolvedValue(answer(200, { cars: [neighbour] }));
    const { container } = render(similar(true));
    await screen.findByText('2023 Toyota RAV4 GXL');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(URL);
    expect(container.querySelector('.vehicle__similar-loading')).toBeNull();
    expect(container.querySelectorAll('.car-grid--carousel .car-card')).toHaveLength(1);
    expect(container.textContent).toContain(MESSAGES.COMPARISON_RATE_WARNING);
    cleanup();
    fetchMock.mockResolvedValue(answer(200, { cars: [neighbour] }));
    const again = render(similar(false));
    await screen.findByText('2023 Toyota RAV4 GXL');
    expect(again.container.textContent).not.toContain(MESSAGES.COMPARISON_RATE_WARNING);
  });

  it('keeps only the link when the file is missing or not a list of cards', async () => {
    for (const reply of [
      () => Promise.resolve(answer(404, { code: 'not_found' })),
      () => Promise.resolve(answer(200, { cars: 'none' })),
      () => Promise.reject(new TypeError('offline')),
    ]) {
      fetchMock.mockImplementation(reply);
      const { container } = render(similar());
      await waitFor(() => expect(container.querySelector('.vehicle__similar-loading')).toBeNull());
      expect(container.querySelector('.car-card')).toBeNull();
      expect(screen.getByRole('link', { name: 'See more similar cars' })).toBeTruthy();
      cleanup();
    }
  });

  it('reads only cards out of a file', () => {
    expect(similarCarsOf({ cars: [neighbour, null, 'x', { id: 'a' }] })).toEqual([neighbour]);
    expect(similarCarsOf(null)).toEqual([]);
    expect(similarCarsOf({})).toEqual([]);
  });
});
