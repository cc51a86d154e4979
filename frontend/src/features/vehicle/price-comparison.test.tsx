import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysisOf, panelOf, pricePercent, PriceComparison } from './price-comparison';
import { answer, mockFetch } from '../../testing/fetch';
import type { PriceComparisonView } from '../../types/generated/PriceComparisonView';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view: PriceComparisonView = {
  fill: 0.42,
  listing_price: 38990,
  market_range_min: 35000,
  market_range_max: 42000,
  label: 'Good Deal',
  band: 'medium',
};
const body = {
  fill: 0.42,
  listing_price: 38990,
  market_range_min: 35000,
  market_range_max: 42000,
  confidence: 0.7,
  description: null,
  comparables: 14,
  view,
};

describe('PriceComparison', () => {
  it('asks {car path}/autogauge and shows label, band and the listing within the market range', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, body));
    const { container } = render(<PriceComparison carPath="/cars/2024-toyota-rav4-gx-42" />);
    expect(container.querySelector('.price-comparison--loading')).not.toBeNull();
    expect(await screen.findByText('Good Deal')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/cars/2024-toyota-rav4-gx-42/autogauge');
    expect(screen.getByText('Good Deal').className).toContain('price-comparison__label--medium');
    const bar = screen.getByRole('img', {
      name: 'Listing price $38,990 within a market range of $35,000 to $42,000',
    });
    // $38,990 is 57 % of the way from $35,000 to $42,000: the marker is there, and the
    // fill covers the dearer 43 % of the market, from the marker to Market high.
    const fill = bar.querySelector('.price-comparison__fill') as HTMLElement;
    const marker = bar.querySelector('.price-comparison__marker') as HTMLElement;
    expect(marker.style.left).toBe('57%');
    expect(fill.style.width).toBe('43%');
    expect(fill.className).toContain('price-comparison__fill--medium');
    expect(screen.getByText('$35,000')).toBeTruthy();
    expect(screen.getByText('$42,000')).toBeTruthy();
  });

  it('puts the marker under Market low for a car priced below the market range', async () => {
    // The listing is under the range's low end: the best deal, fill 1. The marker marks
    // the price on a bar running from Market low to Market high, so it sits at the
    // left end, not under Market high.
    const cheap = {
      fill: 1,
      listing_price: 41990,
      market_range_min: 44300,
      market_range_max: 63600,
      label: 'Great Deal',
      band: 'high',
    };
    fetchMock.mockResolvedValueOnce(answer(200, { ...body, ...cheap, view: cheap }));
    render(<PriceComparison carPath="/cars/x" />);
    await screen.findByText('Great Deal');
    const bar = screen.getByRole('img', {
      name: 'Listing price $41,990, below the market range of $44,300 to $63,600',
    });
    const marker = bar.querySelector('.price-comparison__marker') as HTMLElement;
    const fill = bar.querySelector('.price-comparison__fill') as HTMLElement;
    expect(marker.style.left).toBe('0%');
    expect(fill.style.width).toBe('100%');
  });

  it('adds the Car Analysis line only where that session plugin is on', async () => {
    // Seed 001 s3: "Website session plugins: feature or name values Autogauge, Car
    // Analysis, PPSR Report".
    fetchMock.mockImplementation(async () => answer(200, body));
    const { container } = render(<PriceComparison carPath="/cars/x" />);
    await screen.findByText('Good Deal');
    expect(container.querySelector('.price-comparison__analysis')).toBeNull();
    cleanup();
    render(<PriceComparison carPath="/cars/x" analysis />);
    expect(
      await screen.findByText(
        'Car analysis: compared with 14 similar cars for sale, 70% confidence.',
      ),
    ).toBeTruthy();
    // A provider's answer has no comparables; nothing at all leaves the line out.
    expect(analysisOf({ ...body, comparables: null })).toBe('Car analysis: 70% confidence.');
    expect(analysisOf({ comparables: null, confidence: null })).toBeNull();
  });

  it.each([
    ['no data (404)', () => answer(404, { success: false, code: 'no_data', message: 'No data' })],
    ['a hidden panel (view null)', () => answer(200, { ...body, view: null })],
    ['a malformed view', () => answer(200, { ...body, view: { ...view, band: 'purple' } })],
  ])('renders nothing for %s', async (_, response) => {
    fetchMock.mockResolvedValueOnce(response());
    const { container } = render(<PriceComparison carPath="/cars/x" />);
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it('renders nothing when the call fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { container } = render(<PriceComparison carPath="/cars/x" />);
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });
});

describe('panel helpers', () => {
  it('places the price on the bar from Market low to Market high, clamped', () => {
    const at = (listing_price: number) => pricePercent({ ...view, listing_price });
    expect(at(35000)).toBe(0);
    expect(at(38500)).toBe(50);
    expect(at(42000)).toBe(100);
    expect(at(20000)).toBe(0);
    expect(at(50000)).toBe(100);
    // A range of one price has no direction: the middle.
    expect(pricePercent({ ...view, market_range_min: 40000, market_range_max: 40000 })).toBe(50);
  });

  it('reads only complete views', () => {
    expect(panelOf(body)).toEqual(view);
    expect(panelOf(null)).toBeNull();
    expect(panelOf({ view: { ...view, fill: null } })).toBeNull();
  });
});
