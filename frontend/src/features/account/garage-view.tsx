import { useEffect, useState, type ReactNode } from 'react';
import './account.css';
import { useSite } from '../../lib/site-context';
import {
  loadEnquiries,
  loadReservations,
  loadSearches,
  type EnquiryRecord,
  type ReservationRecord,
  type SearchRecord,
} from './records';
import {
  CANCEL_RESERVATION,
  ONLINE_PAYMENT_PATH,
  signOut,
  useSession,
  WATCHLIST_PATH,
} from './session';
import { fetchWatchlist } from './watchlist';
import { SessionPending, useLiveHolds, when } from './account-parts';

interface Kept {
  enquiries: EnquiryRecord[];
  reservations: ReservationRecord[];
  searches: SearchRecord[];
}

function carPath(slug: string): string {
  return `/cars/${encodeURIComponent(slug)}`;
}

/** A titled list of the garage, or its empty text. */
function GarageList({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: ReactNode;
  children: ReactNode[];
}) {
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length === 0 ? (
        <p className="account-empty">{empty}</p>
      ) : (
        <ul className="account-list">{children}</ul>
      )}
    </section>
  );
}

/** A search as words: its filters' values, e.g. "Toyota, RAV4, Used". */
export function describeSearch(search: SearchRecord): string {
  const values = Object.entries(search.filters)
    .filter(([name]) => name !== 'page' && name !== 'sortBy')
    .map(([name, value]) =>
      name.startsWith('range[') ? `${name.slice(6, -1)} ${value.replace(':', ' to ')}` : value,
    );
  return values.length > 0 ? values.join(', ') : search.path;
}

/** The garage (seed 001 s2, some dealers): the shopper's saved cars, recent searches,
 *  enquiries and reservations, and sign-out. */
export function GarageView({ searchPath }: { searchPath: string }) {
  const site = useSite();
  const session = useSession();
  const [saved, setSaved] = useState<number | null>(null);
  const [kept, setKept] = useState<Kept>({ enquiries: [], reservations: [], searches: [] });
  const holds = useLiveHolds(kept.reservations);

  useEffect(() => {
    if (session.status !== 'signed-in') return;
    setKept({
      enquiries: loadEnquiries(),
      reservations: loadReservations(),
      searches: loadSearches(),
    });
    if (site?.favourites) void fetchWatchlist().then((r) => setSaved(r.ok ? r.ids.length : null));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the site is fixed for a page; reload when the session changes only
  }, [session.status]);

  if (session.status !== 'signed-in') return <SessionPending status={session.status} />;
  return (
    <>
      <p>Signed in as {session.phone}.</p>
      {site?.favourites ? (
        <section className="account-section" aria-labelledby="garage-saved">
          <h2 id="garage-saved">Saved cars</h2>
          <p>
            {saved === null
              ? 'Your saved cars are on your watchlist.'
              : `${saved} saved ${saved === 1 ? 'car' : 'cars'}.`}{' '}
            <a href={WATCHLIST_PATH}>Open your watchlist</a>
          </p>
        </section>
      ) : null}
      <GarageList
        id="garage-reservations"
        title="Reservations"
        empty="No reservations from this device."
      >
        {kept.reservations.map((r) => (
          <li key={r.reservation_id}>
            <a href={carPath(r.car.slug)}>{r.car.name}</a>
            <span className="account-list__meta">
              {holds[r.reservation_id] === true
                ? `Held until ${when(r.expires_at)}`
                : holds[r.reservation_id] === false
                  ? 'Hold ended'
                  : `Reserved ${when(r.made_at)}`}
            </span>
            {holds[r.reservation_id] === true ? (
              <a href={ONLINE_PAYMENT_PATH}>{CANCEL_RESERVATION}</a>
            ) : null}
          </li>
        ))}
      </GarageList>
      <GarageList id="garage-enquiries" title="Enquiries" empty="No enquiries from this device.">
        {kept.enquiries.map((e) => (
          <li key={e.lead_id}>
            <span>
              {e.form || e.category}
              {e.car ? (
                <>
                  {': '}
                  <a href={carPath(e.car.slug)}>{e.car.name}</a>
                </>
              ) : null}
            </span>
            <span className="account-list__meta">{when(e.sent_at)}</span>
          </li>
        ))}
      </GarageList>
      <GarageList
        id="garage-searches"
        title="Recent searches"
        empty={
          <>
            No searches yet. <a href={searchPath}>Browse our stock</a>
          </>
        }
      >
        {kept.searches.map((s) => (
          <li key={s.path}>
            <a href={s.path}>{describeSearch(s)}</a>
          </li>
        ))}
      </GarageList>
      <p className="account-section">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void signOut().then(() => window.location.assign('/'))}
        >
          Sign out
        </button>
      </p>
    </>
  );
}
