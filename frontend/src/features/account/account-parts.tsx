import { useEffect, useState } from 'react';
import { getHold } from '../../api/client';
import { ACCOUNT_CALL, callApi } from './api';
import type { ReservationRecord } from './records';
import type { Session } from './session';

/** A record's time for the account pages, e.g. "27 Nov 2026, 9:30 am"; nothing when unreadable. */
export function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

/** What a gated page shows until the session is known: checking, or on its way to sign-in. */
export function SessionPending({ status }: { status: Session['status'] }) {
  return (
    <p role="status">
      {status === 'loading' ? 'Checking whether you are signed in…' : 'Taking you to sign in…'}
    </p>
  );
}

/** Whether each reservation's hold is live (GET /api/reservations/{car_id}), by
 *  reservation id; a reservation not answered yet is absent. */
export function useLiveHolds(reservations: ReservationRecord[]): Record<string, boolean> {
  const [holds, setHolds] = useState<Record<string, boolean>>({});
  useEffect(() => {
    let current = true;
    for (const r of reservations) {
      void callApi(getHold(r.car.id, ACCOUNT_CALL)).then((answer) => {
        if (current && answer.ok)
          setHolds((h) => ({ ...h, [r.reservation_id]: answer.body.reserved === true }));
      });
    }
    return () => {
      current = false;
    };
  }, [reservations]);
  return holds;
}
