import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysisOf, fillPercent, panelOf, PriceComparison } from './price-comparison';
import { answer, mockFetch } from '../../components/test-fetch';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = {
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
    const fill = bar.querySelector('.price-comparison__fill') as HTMLElement;
    expect(fill.style.width).toBe('42%');
    expect(fill.className).toContain('price-comparison__fill--medium');
    expect(screen.getByText('$35,000')).toBeTruthy();
    expect(screen.getByText('$42,000')).toBeTruthy();
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
  it('clamps the fill into the bar', () => {
    expect(fillPercent(-0.2)).toBe(0);
    expect(fillPercent(0.655)).toBe(65.5);
    expect(fillPercent(1.4)).toBe(100);
  });

  it('reads only complete views', () => {
    expect(panelOf(body)).toEqual(view);
    expect(panelOf(null)).toBeNull();
    expect(panelOf({ view: { ...view, fill: null } })).toBeNull();
  });
});
