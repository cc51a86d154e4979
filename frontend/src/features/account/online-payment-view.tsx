import { useEffect, useState } from 'react';
import './account.css';
import { cancelReservation } from '../../api/client';
import { MESSAGES } from '../../types/generated/messages';
import { loadReservations, type ReservationRecord } from './records';
import { useSession } from './session';
import type { ReserveTerms } from '../../types/generated/ReserveTerms';
import { SessionPending, useLiveHolds, when } from './account-parts';

/** What a cancel came to: in progress, done, or the server's reason it was not. */
type Cancel = { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** Told once a reservation is cancelled. */
export const CANCELLED_TEXT =
  'Reservation cancelled. The car is free again, and any deposit held on your card is released.';

/** /online-payment (seed 001 s2, always gated): the deposits of the reservations made
 *  from this browser, each with whether its hold is live (GET /api/reservations/{car_id})
 *  and how the payment provider takes the deposit, and a button that cancels a live
 *  hold (POST /api/reservations/{id}/cancel: a card's authorisation is released). */
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
  const [cancels, setCancels] = useState<Record<string, Cancel>>({});

  const cancel = async (id: string) => {
    setCancels((c) => ({ ...c, [id]: { kind: 'sending' } }));
    let outcome: Cancel;
    try {
      const reply = await cancelReservation(id);
      outcome = reply.ok
        ? { kind: 'done' }
        : { kind: 'failed', message: reply.body?.message?.trim() || MESSAGES.UNEXPECTED_ERROR };
    } catch {
      outcome = { kind: 'failed', message: MESSAGES.UNEXPECTED_ERROR };
    }
    setCancels((c) => ({ ...c, [id]: outcome }));
  };

  useEffect(() => {
    if (session.status === 'signed-in') setReservations(loadReservations());
  }, [session.status]);

  if (session.status !== 'signed-in') return <SessionPending status={session.status} />;
  // A hold cancelled here stays listed, saying so.
  const due = reservations.filter(
    (r) => holds[r.reservation_id] !== false || cancels[r.reservation_id]?.kind === 'done',
  );
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
          {due.map((r) => {
            const state = cancels[r.reservation_id];
            return (
              <li key={r.reservation_id}>
                <a href={`/cars/${encodeURIComponent(r.car.slug)}`}>{r.car.name}</a>
                {state?.kind === 'done' ? (
                  <p role="status">{CANCELLED_TEXT}</p>
                ) : (
                  <>
                    <span className="account-list__meta">
                      {terms ? `Deposit $${terms.deposit}, fully refundable. ` : ''}
                      {holds[r.reservation_id] === true
                        ? `Held until ${when(r.expires_at)}.`
                        : `Reserved ${when(r.made_at)}.`}
                    </span>
                    {terms ? <p>{terms.pay_note}</p> : null}
                    {holds[r.reservation_id] === true ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={state?.kind === 'sending'}
                        aria-label={`Cancel my reservation of the ${r.car.name}`}
                        onClick={() => void cancel(r.reservation_id)}
                      >
                        {state?.kind === 'sending' ? 'Cancelling…' : 'Cancel my reservation'}
                      </button>
                    ) : null}
                    {state?.kind === 'failed' ? <p role="alert">{state.message}</p> : null}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
