import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from './session';
import { answer, mockFetch } from '../../testing/fetch';
import { backPath, enforceGate } from './gate';

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('gate', () => {
  it('goes back to the referring page of this site only', () => {
    expect(
      backPath('http://acme.localhost:8080/search/used-cars?page=2', 'http://acme.localhost:8080'),
    ).toBe('/search/used-cars?page=2');
    expect(backPath('https://evil.example/x', 'http://acme.localhost:8080')).toBe('/');
    expect(backPath('', 'http://acme.localhost:8080')).toBe('/');
  });

  it('sends a signed-out shopper to sign-in with redirect and back, and lets a signed-in one stay', async () => {
    window.history.replaceState(null, '', '/my-garage?tab=1');
    const fetchMock = mockFetch();
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: false, phone: null }));
    const replace = vi.fn();
    expect(await enforceGate('my-garage', replace)).toBe(false);
    expect(replace).toHaveBeenCalledWith(
      '/sign-in?type=my-garage&redirect=%2Fmy-garage%3Ftab%3D1&back=%2F',
    );
    resetSession();
    fetchMock.mockResolvedValueOnce(answer(200, { signed_in: true, phone: '0412345678' }));
    replace.mockClear();
    expect(await enforceGate('my-garage', replace)).toBe(true);
    expect(replace).not.toHaveBeenCalled();
  });
});
