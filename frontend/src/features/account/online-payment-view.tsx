import { useEffect, useState } from 'react';
import './account.css';
import { loadReservations, type ReservationRecord } from '../../components/account/records';
import { useSession } from '../../components/account/session';
import type { ReserveTerms } from '../../types/generated/ReserveTerms';
import { SessionPending, useLiveHolds, when } from './account-parts';

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
  const holds = useLiveHolds(reservations);

  useEffect(() => {
    if (session.status === 'signed-in') setReservations(loadReservations());
  }, [session.status]);

  if (session.status !== 'signed-in') return <SessionPending status={session.status} />;
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
