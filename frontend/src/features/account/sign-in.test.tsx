import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../testing/fetch';
import { parseSignInQuery, SignIn } from './sign-in';
import { resetSession } from './session';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

describe('parseSignInQuery', () => {
  it('reads type, redirect and back, dropping unknown types and other sites', () => {
    expect(
      parseSignInQuery('?type=checkout&redirect=%2Fcars%2Fa%2Fcheckout&back=%2Fcars%2Fa'),
    ).toEqual({
      type: 'checkout',
      redirect: '/cars/a/checkout',
      back: '/cars/a',
    });
    expect(
      parseSignInQuery('?type=admin&redirect=https%3A%2F%2Fevil.example&back=%2F%2Fevil.example'),
    ).toEqual({ type: null, redirect: '/', back: null });
  });
});

describe('SignIn', () => {
  it('sends a code, checks it and lands on redirect', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }))
      .mockResolvedValueOnce(answer(200, { success: true, phone: '0412345678', expires_in: 300 }))
      .mockResolvedValueOnce(
        answer(400, { success: false, code: 'wrong_code', message: 'That code is not right.' }),
      )
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }));
    const navigate = vi.fn();
    render(
      <SignIn
        navigate={navigate}
        search={() => '?type=watchlist&redirect=%2Fcars%2Fcar-42&back=%2Fsearch%2Fused-cars'}
      />,
    );
    expect(await screen.findByText('Sign in to save cars to your watchlist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/search/used-cars',
    );
    const phone = await screen.findByRole('textbox', { name: 'Mobile number' });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your mobile number.');
    fireEvent.change(phone, { target: { value: '0412 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code to 0412345678.')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      phone: '0412 345 678',
    });
    const code = screen.getByRole('textbox', { name: '6-digit code' });
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: '12a3456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right.');
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/cars/car-42'));
    expect(JSON.parse(String(fetchMock.mock.calls[3]?.[1]?.body))).toEqual({
      phone: '0412345678',
      code: '123456',
    });
  });

  it('shows the server message for a number it refuses', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }))
      .mockResolvedValueOnce(
        answer(400, {
          success: false,
          code: 'bad_request',
          message: 'phone is invalid',
          fields: { phone: 'Please enter a valid Australian mobile number.' },
        }),
      );
    render(<SignIn navigate={vi.fn()} search={() => ''} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Mobile number' }), {
      target: { value: '123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid Australian mobile number.',
    );
  });

  it('offers to continue or sign out when signed in already', async () => {
    const fetchMock = mockFetch();
    fetchMock
      .mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }))
      .mockResolvedValueOnce(answer(200, { success: true }));
    render(<SignIn navigate={vi.fn()} search={() => '?redirect=%2Fwatchlist'} />);
    expect(await screen.findByText('You are signed in as 0412345678.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/watchlist');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('textbox', { name: 'Mobile number' })).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/auth/sign-out');
  });
});
