import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallBox } from './call-box';
import { answer, mockFetch } from '../../testing/fetch';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const masked = { display: '07 3000 1234', href: 'tel:0730001234', masked: true };
const ids = { car_id: 123, dealership_id: 7, website_id: 5 };

describe('CallBox', () => {
  it('reveals the masked number on click, fires event 25 and logs the reveal', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { success: true }));
    render(<CallBox phone={masked} ids={ids} />);
    expect(screen.getByRole('heading', { name: 'Call the dealer' })).toBeTruthy();
    expect(screen.queryByText('07 3000 1234')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show phone number' }));
    const link = screen.getByRole('link', { name: '07 3000 1234' });
    expect(link.getAttribute('href')).toBe('tel:0730001234');
    expect(document.activeElement).toBe(link);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_phone_click', event_id: 25 }),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/reveal-phone');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      car_id: 123,
      dealership_id: 7,
      website_id: 5,
    });
  });

  it('only logs a failed reveal to the console; the number stays shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<CallBox phone={masked} ids={{ car_id: 1, dealership_id: null, website_id: null }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show phone number' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: '07 3000 1234' })).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      car_id: 1,
      dealership_id: null,
      website_id: null,
    });
  });

  it('shows an unmasked number straight away without logging', () => {
    render(<CallBox phone={{ ...masked, masked: false }} ids={ids} />);
    expect(screen.getByRole('link', { name: '07 3000 1234' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends event 25 on every phone click, the unmasked call too', () => {
    // Seed 000 s7: "Analytics events are sent by numeric id: 39 on save, 25 on phone
    // click". A site that shows the number unmasked has no reveal: the call is the click.
    render(<CallBox phone={{ ...masked, masked: false }} ids={ids} />);
    const link = screen.getByRole('link', { name: '07 3000 1234' });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'forecourt_phone_click', event_id: 25, car_id: 123 }),
    ]);
    // Masked: the reveal is a click, and so is the call that follows.
    cleanup();
    window.dataLayer = [];
    fetchMock.mockResolvedValueOnce(answer(201, { success: true }));
    render(<CallBox phone={masked} ids={ids} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show phone number' }));
    const revealed = screen.getByRole('link', { name: '07 3000 1234' });
    revealed.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(revealed);
    expect(window.dataLayer.map((e) => (e as { event_id: number }).event_id)).toEqual([25, 25]);
  });
});
