import { useEffect, useState } from 'react';
import './account.css';
import { getHold } from '../../api/client';
import { ACCOUNT_CALL, callApi } from '../../components/account/api';
import { loadReservations, type ReservationRecord } from '../../components/account/records';
import { useSession } from '../../components/account/session';
import type { ReserveTerms } from '../../types/generated/ReserveTerms';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

/** /online-payment (seed 001 s2, always gated): the deposits of the reservations made
 *  from this browser, each with whether its hold is live (GET /api/reservations/{car_id})
 *  and how the payment provider takes the deposit. The site's provider takes it at the
 *  dealership, so the page says so instead of offering a card form it cannot honour. */
export function OnlinePaymentView({
  terms,
  searchPath,
}: {
  terms: ReserveTerms | null;
  searchPath: string;
}) {
  const session = useSession();
  const [reservations, setReservations] = useState<ReservationRecord[]>([]);
  const [holds, setHolds] = useState<Record<string, boolean>>({});

  useEffect(() => {
    if (session.status !== 'signed-in') return;
    const kept = loadReservations();
    setReservations(kept);
    for (const r of kept) {
      void callApi(getHold(r.car.id, ACCOUNT_CALL)).then((answer) => {
        if (answer.ok)
          setHolds((h) => ({ ...h, [r.reservation_id]: answer.body.reserved === true }));
      });
    }
  }, [session.status]);

  if (session.status !== 'signed-in') {
    return (
      <p role="status">
        {session.status === 'loading'
          ? 'Checking whether you are signed in…'
          : 'Taking you to sign in…'}
      </p>
    );
  }
  const due = reservations.filter((r) => holds[r.reservation_id] !== false);
  return (
    <section className="account-section" aria-labelledby="payment-deposits">
      <h2 id="payment-deposits">Reservation deposits</h2>
      {due.length === 0 ? (
        <p className="account-empty">
          No reservation from this device is waiting for its deposit.{' '}
          <a href={searchPath}>Find a car to reserve</a>
        </p>
      ) : (
        <ul className="account-list">
          {due.map((r) => (
            <li key={r.reservation_id}>
              <a href={`/cars/${encodeURIComponent(r.car.slug)}`}>{r.car.name}</a>
              <span className="account-list__meta">
                {terms ? `Deposit $${terms.deposit}, fully refundable. ` : ''}
                {holds[r.reservation_id] === true
                  ? `Held until ${when(r.expires_at)}.`
                  : `Reserved ${when(r.made_at)}.`}
              </span>
              {terms ? <p>{terms.pay_note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
