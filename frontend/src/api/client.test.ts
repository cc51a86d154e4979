// @vitest-environment node
// The API client: what it sends, what it makes of answers, and that it is the only module
// that calls the API.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import {
  autogauge,
  changeWatchlist,
  deliveryEstimate,
  getSession,
  search,
  searchIds,
  submitLead,
  tradeInLookup,
} from './client';
import { emptyState, readSearchUrl, serializeSearchState } from '../features/search/search-state';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function recorder(response: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = vi.fn<typeof fetch>((input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(response());
  });
  return { calls, fetchImpl };
}

describe('requests', () => {
  test('a GET asks for JSON with the cookies, and sends no body', async () => {
    const { calls, fetchImpl } = recorder(() => json(200, { signed_in: false }));
    await getSession({ cache: 'no-store', fetchImpl });
    expect(calls).toEqual([
      {
        url: '/api/session',
        init: {
          method: 'GET',
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
          cache: 'no-store',
        },
      },
    ]);
  });

  test('a POST sends its body as JSON', async () => {
    const { calls, fetchImpl } = recorder(() => json(200, { success: true, watchlist: [] }));
    await changeWatchlist(false, { phone_number: '0412345678', car_id: 7 }, { fetchImpl });
    expect(calls[0]?.url).toBe('/api/watchlist/remove-car');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      phone_number: '0412345678',
      car_id: 7,
    });
  });

  test('a lead carries its idempotency key to the path its view model names', async () => {
    const { calls, fetchImpl } = recorder(() => json(201, { success: true, lead_id: 'L1' }));
    await submitLead('/api/reservations', { name: 'Ann' }, 'key-1', { fetchImpl });
    expect(calls[0]?.url).toBe('/api/reservations');
    expect(calls[0]?.init.headers).toMatchObject({ 'Idempotency-Key': 'key-1' });
  });

  test('query strings and paths are built from the arguments', async () => {
    const { calls, fetchImpl } = recorder(() => json(200, {}));
    await deliveryEstimate('4000', 'north side', { fetchImpl });
    await deliveryEstimate('4000', null, { fetchImpl });
    await search('/api/search', 'query=rav4&page=2', { fetchImpl });
    await autogauge('/cars/2024-toyota-rav4-gx-1', { fetchImpl });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/delivery-estimate?postcode=4000&location=north+side',
      '/api/delivery-estimate?postcode=4000',
      '/api/search?query=rav4&page=2',
      '/cars/2024-toyota-rav4-gx-1/autogauge',
    ]);
  });

  test("the saved cars' query is the search state's writer's, read back as asked", async () => {
    const { calls, fetchImpl } = recorder(() => json(200, {}));
    await searchIds([9, 7], 100, { fetchImpl });
    const [path, query = ''] = (calls[0]?.url ?? '').split('?');
    expect(path).toBe('/api/search');
    expect(query).toBe(serializeSearchState({ ...emptyState(), ids: [9, 7], hitsPerPage: 100 }, 0));
    expect(readSearchUrl(query, 0)).toEqual({
      state: { ...emptyState(), ids: [7, 9], hitsPerPage: 100 },
      rejected: [],
    });
  });
});

describe('answers', () => {
  test('a success carries its JSON body', async () => {
    const { fetchImpl } = recorder(() =>
      json(200, { outcome: 'ready', kms: 1, vehicle: { year: 2020, make: 'A', model: 'B' } }),
    );
    const reply = await tradeInLookup({ kms: 1, rego: 'ABC123' }, { fetchImpl });
    expect(reply).toEqual({
      ok: true,
      status: 200,
      body: { outcome: 'ready', kms: 1, vehicle: { year: 2020, make: 'A', model: 'B' } },
    });
  });

  test('an error carries the error body', async () => {
    const error = { success: false, code: 'validation_failed', message: 'No.', fields: {} };
    const { fetchImpl } = recorder(() => json(422, error));
    expect(await getSession({ fetchImpl })).toEqual({ ok: false, status: 422, body: error });
  });

  test('an answer that is not JSON has a null body', async () => {
    const { fetchImpl } = recorder(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await getSession({ fetchImpl })).toEqual({ ok: false, status: 502, body: null });
  });

  test('no answer throws, as fetch does', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline')));
    await expect(getSession({ fetchImpl })).rejects.toThrow('offline');
  });

  test('an answer whose call was aborted meanwhile is no answer', async () => {
    const controller = new AbortController();
    const { fetchImpl } = recorder(() => {
      controller.abort(new DOMException('left the page', 'AbortError'));
      return json(200, { signed_in: false });
    });
    await expect(getSession({ signal: controller.signal, fetchImpl })).rejects.toThrow(
      'left the page',
    );
  });

  test('the default fetch is the global one at the time of the call', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(json(200, { signed_in: false })));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await getSession();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** Every source file under `dir` but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

test('no module but the client calls fetch, save those that load static files', () => {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const calls = sources(src)
    .filter((path) => relative(src, path) !== join('api', 'client.ts'))
    .flatMap((path) =>
      (readFileSync(path, 'utf8').match(/\bfetch(Impl)?\(/g) ?? []).map(() => relative(src, path)),
    );
  // Not the API: the map's basemap files, the mega menu's prices file, the car's
  // pre-rendered page (its props), a vehicle page's form set and its similar cars.
  expect([...new Set(calls)].sort()).toEqual([
    join('components', 'menu-models.tsx'),
    join('features', 'account', 'car-lookup.ts'),
    join('features', 'forms', 'vehicle-forms.ts'),
    join('features', 'vehicle', 'similar-cars.tsx'),
    join('lib', 'map', 'leaflet-map.ts'),
  ]);
});
