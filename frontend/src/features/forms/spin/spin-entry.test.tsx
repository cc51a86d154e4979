import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../../testing/fetch';
import type { SpinPageView } from '../../../types/generated/SpinPageView';
import { SpinEntry } from './spin-entry';
import { spinPrize } from './spin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view: SpinPageView = {
  title: 'Spin to Win',
  intro: '',
  breadcrumbs: [],
  prizes: [
    { label: '$25 car wash voucher', weight: 3, odds: '75%' },
    { label: '$50 fuel card', weight: 1, odds: '25%' },
  ],
  terms_html: '<p>One spin per person.</p>',
  dealer: 'acme',
  api_path: '/api/leads',
  category: 'Spin to Win',
  privacy_url: '/privacy-policy',
  terms_url: '/terms-and-conditions',
  terms_message: 'You must agree to the terms of use before submitting the form.',
  locations: [
    { id: 1, name: 'Acme Springwood', dealership_slug: 'acme-springwood' },
    { id: 2, name: 'Acme Capalaba', dealership_slug: 'acme-capalaba' },
  ],
};

function fill(email: string) {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Jo Citizen' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '0412 345 678' } });
  fireEvent.change(screen.getByLabelText(/^Postcode/), { target: { value: '4127' } });
  fireEvent.change(screen.getByLabelText(/^Location to redeem/), { target: { value: '2' } });
}

describe('SpinEntry', () => {
  // "a real prize wheel with prizes/odds/terms from dealer config, the spin
  // decided ... deterministically and honestly, entry as a lead".
  it('shows every prize with its odds, sends the entry as a lead naming the prize, then announces it', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, lead_id: 'L1' }));
    render(<SpinEntry view={view} />);
    expect(screen.getByRole('row', { name: '$25 car wash voucher 75%' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    fill('jo@example.com');
    fireEvent.click(screen.getByRole('checkbox', { name: /promotion terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    const prize = view.prizes[spinPrize('acme', 'jo@example.com', [3, 1]) ?? 0]?.label;
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `You won: ${prize}. We have sent your entry to our team.`,
      ),
    );
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body.category).toBe('Spin to Win');
    expect(body.location_id).toBe(2);
    expect(body.dealership_slug).toBe('acme-capalaba');
    expect(String(body.message)).toContain(`Prize won: ${prize} `);
  });

  it('asks for the terms first and shows the API field errors by their fields', async () => {
    const fetchMock = mockFetch();
    render(<SpinEntry view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(await screen.findByText(view.terms_message)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(
      answer(400, {
        success: false,
        code: 'invalid',
        message: 'Please fix the following errors:',
        fields: { postcode: 'Invalid postcode. Please enter a 4-digit number.' },
      }),
    );
    fill('jo@example.com');
    fireEvent.click(screen.getByRole('checkbox', { name: /promotion terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(
      await screen.findByText('Invalid postcode. Please enter a 4-digit number.'),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
