import { useEffect, useState } from 'react';
import './account.css';
import { CarGrid } from '../../components/car-grid';
import { showToast } from '../../components/toast';
import type { CardView } from '../../types/generated/CardView';
import { fetchCardsByIds } from './car-lookup';
import { loadFavourites, type Favourite } from './records';
import { useSession } from './session';
import { changeWatchlist, fetchWatchlist, useSavedIds } from './watchlist';
import { SessionPending } from './account-parts';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; cards: CardView[]; gone: Favourite[] };

/** The signed-in shopper's saved cars (GET /api/watchlist, then their cards from the
 *  search API); saved cars no longer listed are named from the local favourites and
 *  can be removed. */
export function WatchlistView({ searchPath }: { searchPath: string }) {
  const session = useSession();
  const [state, setState] = useState<State>({ kind: 'loading' });
  // The saved set every save toggle changes: a car un-saved from its card leaves the list
  // (and the count) at once, without reloading the page.
  const savedIds = useSavedIds();

  async function load() {
    const list = await fetchWatchlist();
    if (!list.ok) {
      setState({ kind: 'failed', message: list.message });
      return;
    }
    try {
      const cards = await fetchCardsByIds(list.ids);
      const shown = new Set(cards.map((c) => c.id));
      const local = new Map(loadFavourites().map((f) => [f.id, f]));
      const gone = list.ids
        .filter((id) => !shown.has(id))
        .map(
          (id) =>
            local.get(id) ?? {
              id,
              name: `Car ${id}`,
              slug: '',
              make: '',
              model: '',
              primary_image_url: '',
            },
        );
      setState({ kind: 'ready', cards, gone });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  useEffect(() => {
    if (session.status === 'signed-in') void load();
  }, [session.status]);

  async function remove(car: Favourite) {
    if (session.status !== 'signed-in') return;
    const result = await changeWatchlist(car, false, session.phone);
    if (!result.ok) {
      window.alert(result.message);
      return;
    }
    showToast({ text: result.message });
    setState((s) =>
      s.kind === 'ready' ? { ...s, gone: s.gone.filter((g) => g.id !== car.id) } : s,
    );
  }

  if (session.status !== 'signed-in') return <SessionPending status={session.status} />;
  if (state.kind === 'loading') return <p role="status">Loading your saved cars…</p>;
  if (state.kind === 'failed') {
    return (
      <div role="alert">
        <p>Your saved cars could not be loaded: {state.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }
  const cards = state.cards.filter((c) => savedIds.has(c.id));
  if (cards.length === 0 && state.gone.length === 0) {
    return (
      <div className="account-empty">
        <p>You have not saved any cars yet. Use the heart on a car to save it here.</p>
        <p>
          <a className="button" href={searchPath}>
            Browse our stock
          </a>
        </p>
      </div>
    );
  }
  const count = cards.length + state.gone.length;
  return (
    <>
      <p className="watchlist-count">
        {count} saved {count === 1 ? 'car' : 'cars'}
      </p>
      {cards.length > 0 ? <CarGrid cars={cards} label="Saved cars" /> : null}
      {state.gone.length > 0 ? (
        <section className="account-section" aria-labelledby="watchlist-gone">
          <h2 id="watchlist-gone">No longer available</h2>
          <ul className="account-list">
            {state.gone.map((car) => (
              <li key={car.id}>
                <span>{car.name}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Remove ${car.name}`}
                  onClick={() => void remove(car)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
