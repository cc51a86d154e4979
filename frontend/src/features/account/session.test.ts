import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../testing/fetch';
import { renderHook, waitFor } from '@testing-library/react';
import {
  loadSession,
  resetSession,
  safePath,
  signInUrl,
  signOut,
  useSession,
  verifyCode,
} from './session';

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('session', () => {
  it('asks /api/session once per page and reads who is signed in', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValue(answer(200, { signed_in: true, phone: '0412345678' }));
    expect(await loadSession()).toEqual({ status: 'signed-in', phone: '0412345678' });
    await loadSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/session');
  });

  it('treats signed_in false and a failed call as nobody signed in', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }));
    expect(await loadSession()).toEqual({ status: 'anonymous' });
    fetchMock.mockResolvedValueOnce(answer(503, { success: false, message: 'Try later.' }));
    expect(await loadSession(true)).toEqual({ status: 'anonymous' });
    expect(await loadSession()).toEqual({ status: 'anonymous' });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await loadSession(true)).toEqual({ status: 'anonymous' });
  });

  it('asks again after a code is verified', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }));
    expect((await loadSession()).status).toBe('anonymous');
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }));
    expect((await verifyCode('0412345678', '123456')).ok).toBe(true);
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }));
    expect((await loadSession()).status).toBe('signed-in');
  });

  it('tells every mounted user of the session when the shopper signs in or out', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }));
    const header = renderHook(() => useSession());
    const dialog = renderHook(() => useSession());
    await waitFor(() => expect(header.result.current.status).toBe('anonymous'));
    expect(dialog.result.current.status).toBe('anonymous');
    // Signing in through the dialog reaches the header without a reload.
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }));
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }));
    expect((await verifyCode('0412345678', '123456')).ok).toBe(true);
    await waitFor(() =>
      expect(header.result.current).toEqual({ status: 'signed-in', phone: '0412345678' }),
    );
    expect(dialog.result.current.status).toBe('signed-in');
    fetchMock.mockResolvedValueOnce(answer(200, { success: true }));
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }));
    await signOut();
    await waitFor(() => expect(header.result.current.status).toBe('anonymous'));
    expect(dialog.result.current.status).toBe('anonymous');
    header.unmount();
    dialog.unmount();
  });

  it('only follows paths of this site', () => {
    expect(safePath('/cars/a?x=1#y')).toBe('/cars/a?x=1#y');
    for (const bad of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      '/a\nb',
    ]) {
      expect(safePath(bad)).toBeNull();
    }
  });

  it('builds the seed sign-in route', () => {
    expect(signInUrl('watchlist', '/cars/a?x=1', '/search/used-cars')).toBe(
      '/sign-in?type=watchlist&redirect=%2Fcars%2Fa%3Fx%3D1&back=%2Fsearch%2Fused-cars',
    );
  });
});
