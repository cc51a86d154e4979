import { useEffect, useState } from 'react';
import './account.css';
import { useSite } from '../../lib/site-context';
import { loadSuccess, type SuccessMarker } from './records';
import { CANCEL_RESERVATION, ONLINE_PAYMENT_PATH, useSession } from './session';
import { reservedFromJourney } from '../journey/journey-token';

/** /success: what the shopper just sent (the marker the form saved) and where to go
 *  next: back to the car the form was about, the stock, the page that cancels a
 *  reservation just made, and the garage for a signed-in shopper (signed out it would only ask them to sign in), and back to the buy-online
 *  journey after a reservation made from it. The page's heading already
 *  says thank you (`heading`), so the marker's title is shown only when it says more. */
export function SuccessView({ searchPath, heading }: { searchPath: string; heading: string }) {
  const site = useSite();
  const session = useSession();
  const [marker, setMarker] = useState<SuccessMarker | null | undefined>(undefined);
  useEffect(() => setMarker(loadSuccess()), []);
  if (marker === undefined) return <p role="status">Loading…</p>;
  // A car reserved after leaving the buy-online journey: the next step is back there.
  const journey =
    marker?.car?.slug && reservedFromJourney(marker.car.id)
      ? `/checkout-journey?car_id=${encodeURIComponent(marker.car.slug)}`
      : null;
  return (
    <div className="success-card">
      {marker ? (
        <>
          {marker.title && marker.title.trim().toLowerCase() !== heading.trim().toLowerCase() ? (
            <h2>{marker.title}</h2>
          ) : null}
          {marker.text ? <p>{marker.text}</p> : null}
          {marker.form ? (
            <p className="account-list__meta">
              Sent: {marker.form}
              {marker.at ? `, ${new Date(marker.at).toLocaleString('en-AU')}` : ''}
            </p>
          ) : null}
        </>
      ) : (
        <p>We have received your details. Our team will contact you shortly.</p>
      )}
      <p className="account-actions">
        {journey ? (
          <a className="button" href={journey}>
            Continue buying online
          </a>
        ) : null}
        {marker?.car?.slug ? (
          <a
            className={journey ? 'button button--secondary' : 'button'}
            href={`/cars/${encodeURIComponent(marker.car.slug)}`}
          >
            Back to {marker.car.name}
          </a>
        ) : null}
        <a className={marker?.car?.slug ? 'button button--secondary' : 'button'} href={searchPath}>
          Browse our stock
        </a>
        {marker?.reservation_id ? (
          <a className="button button--secondary" href={ONLINE_PAYMENT_PATH}>
            {CANCEL_RESERVATION}
          </a>
        ) : null}
        {site?.garage_path && session.status === 'signed-in' ? (
          <a className="button button--secondary" href={site.garage_path}>
            Go to your garage
          </a>
        ) : null}
      </p>
    </div>
  );
}
