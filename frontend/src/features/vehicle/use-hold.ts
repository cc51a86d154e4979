// Whether a car has an active reservation hold (GET /api/reservations/{car_id}): the
// page was built before the hold, so the browser asks once after hydration. Silent on
// failure: the page keeps what it was built with.
import { useEffect, useState } from 'react';
import { getHold } from '../../api/client';

/** The hold status of `carId`, asked only when `enabled` (the car is offered for reserving). */
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
