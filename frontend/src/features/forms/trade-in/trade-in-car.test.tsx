import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testCard } from '../../../testing/card';
import { tradeInView as tradeInPage } from '../../../testing/trade-in-views';
import { tradeInView, useTradeInCar } from './trade-in-car';

const page = {
  ...tradeInPage,
  locations: [
    { id: 7, name: 'Acme Springwood', slug: 'springwood' },
    { id: 9, name: 'Acme Capalaba', slug: 'capalaba' },
  ],
  default_location_id: 7,
};
const card = { ...testCard, id: 42, name: '2022 Toyota RAV4 GX', location_name: 'Acme Capalaba' };

describe('trade-in from a car', () => {
  it('keeps the car and preselects its location', () => {
    const view = tradeInView(page, card);
    expect(view.default_location_id).toBe(9);
    expect(view.subject).toMatchObject({ id: 42, name: '2022 Toyota RAV4 GX', slug: card.slug });
    expect(view.car?.id).toBe(42);
    // A car at a location the form does not offer keeps the form's own default.
    expect(tradeInView(page, { ...card, location_name: 'Elsewhere' }).default_location_id).toBe(7);
  });

  it('looks the car of ?car_id= up once, and leaves the page as built without one', async () => {
    const lookUp = vi.fn(async (ids: number[]) => (ids[0] === 42 ? [card] : []));
    const { result } = renderHook(() => useTradeInCar(page, () => '?car_id=42', lookUp));
    await waitFor(() => expect(result.current.kind).toBe('ready'));
    expect(lookUp).toHaveBeenCalledWith([42]);
    const ready = result.current.kind === 'ready' ? result.current : null;
    expect(ready?.card?.id).toBe(42);
    expect(ready?.view.default_location_id).toBe(9);

    const none = renderHook(() => useTradeInCar(page, () => '', lookUp));
    expect(none.result.current.kind).toBe('none');
    expect(lookUp).toHaveBeenCalledTimes(1);
  });

  it('goes on without the car when it is not listed or the lookup fails', async () => {
    const gone = renderHook(() =>
      useTradeInCar(
        page,
        () => '?car_id=5',
        async () => [],
      ),
    );
    await waitFor(() =>
      expect(gone.result.current).toEqual({ kind: 'ready', view: page, card: null }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = renderHook(() =>
      useTradeInCar(
        page,
        () => '?car_id=5',
        async () => Promise.reject(new Error('search answered 503')),
      ),
    );
    await waitFor(() =>
      expect(failed.result.current).toEqual({ kind: 'ready', view: page, card: null }),
    );
  });
});
