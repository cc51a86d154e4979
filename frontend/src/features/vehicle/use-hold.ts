// The car's state now (GET /api/stock/{car_id}): the page was built before any sale or
// hold since, so the browser asks once after hydration. The API answers from the stock
// state of the dealer's last build and the live holds. Silent on failure: the page keeps
// what it was built with.
import { useEffect, useState } from 'react';
import { getHold, getStock } from '../../api/client';

/** What the page shows of the car's state now. */
interface LiveStock {
  /** A reservation holds the car (or the dealer's feed marks it reserved). */
  held: boolean;
  /** Sold, or no longer in the dealer's stock, since the page was built. */
  sold: boolean;
}

const AS_BUILT: LiveStock = { held: false, sold: false };

/** The state of `carId` now, asked only when `enabled` (the page shows the car for sale). */
export function useLiveStock(carId: number, enabled: boolean): LiveStock {
  const [live, setLive] = useState<LiveStock>(AS_BUILT);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getStock(carId, { signal: controller.signal, cache: 'no-store' })
      .then((response) => (response.ok ? response.body : null))
      .then((state) => {
        // Checked here: a proxy or an older API may answer something else.
        if (state?.car_id !== carId) return;
        if (state.status === 'sold' || state.status === 'gone')
          setLive({ held: false, sold: true });
        else if (state.status === 'reserved') setLive({ held: true, sold: false });
      })
      .catch(() => {
        // Offline or aborted: keep the built page as it is.
      });
    return () => controller.abort();
  }, [carId, enabled]);
  return live;
}

/** Whether a reservation hold keeps `carId` (GET /api/reservations/{car_id}), asked only
 *  when `enabled` (the car is offered for reserving). */
export function useHold(carId: number, enabled: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getHold(carId, { signal: controller.signal })
      .then((response) => (response.ok ? response.body : null))
      .then((status) => {
        if (status?.reserved === true) setHeld(true);
      })
      .catch(() => {
        // Offline or aborted: keep the built page as it is.
      });
    return () => controller.abort();
  }, [carId, enabled]);
  return held;
}
