import { useEffect, useState } from 'react';
import './account.css';
import { useSite } from '../../components/site-context';
import { loadSuccess, type SuccessMarker } from '../../components/account/records';

/** /success: what the shopper just sent (the marker the form saved) and where to go
 *  next. Opened without a marker, it thanks them without naming a form. */
export function SuccessView({ searchPath }: { searchPath: string }) {
  const site = useSite();
  const [marker, setMarker] = useState<SuccessMarker | null | undefined>(undefined);
  useEffect(() => setMarker(loadSuccess()), []);
  if (marker === undefined) return <p role="status">Loading…</p>;
  return (
    <div className="success-card">
      {marker ? (
        <>
          <h2>{marker.title}</h2>
          {marker.text ? <p>{marker.text}</p> : null}
          {marker.form ? <p className="account-list__meta">Sent: {marker.form}{marker.at ? `, ${new Date(marker.at).toLocaleString('en-AU')}` : ''}</p> : null}
        </>
      ) : (
        <p>Thank you for getting in touch. Our team will contact you shortly.</p>
      )}
      <p className="account-actions">
        {marker?.car?.slug ? (
          <a className="button" href={`/cars/${encodeURIComponent(marker.car.slug)}`}>
            Back to {marker.car.name}
          </a>
        ) : null}
        <a className={marker?.car?.slug ? 'button button--secondary' : 'button'} href={searchPath}>
          Browse our stock
        </a>
        {site?.garage_path ? (
          <a className="button button--secondary" href={site.garage_path}>
            Go to your garage
          </a>
        ) : null}
      </p>
    </div>
  );
}
