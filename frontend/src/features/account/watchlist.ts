// The watchlist (seed 000 s4/s7): the saved cars of this page, kept in one store every
// save toggle reads. Saving puts the car in the local favourites at once (optimistic),
// then calls POST /api/watchlist/save-car or remove-car; the answer's list becomes the
// saved set, a failure puts the car back and says why in a browser alert (seed 000 s8).
import { useSyncExternalStore } from 'react';
import { asObject, idAt, textAt } from '../../lib/local-store';
import { MESSAGES } from '../../types/generated/messages';
import * as api from '../../api/client';
import { ACCOUNT_CALL, callApi } from './api';
import { loadFavourites, setFavourite, type Favourite } from './records';

let saved: ReadonlySet<number> | null = null;
const EMPTY: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function emit(next: ReadonlySet<number>): void {
  saved = next;
  for (const listener of listeners) listener();
}

// No saved car is EMPTY itself, the server snapshot: otherwise every save toggle on the
// page would see a changed store once hydrated and render again at once.
function snapshot(): ReadonlySet<number> {
  if (saved === null) {
    const ids = loadFavourites().map((f) => f.id);
    saved = ids.length > 0 ? new Set(ids) : EMPTY;
  }
  return saved;
}

/** The ids saved on this page (the local favourites, then the account's list). */
export function useSavedIds(): ReadonlySet<number> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    () => EMPTY,
  );
}

/** Forgets the store (tests). */
export function resetSavedIds(): void {
  saved = null;
}

/** The ids of a watchlist answer ({success, watchlist: [{id}]}), or null. */
function watchlistIds(body: Record<string, unknown>): number[] | null {
  if (body.success !== true || !Array.isArray(body.watchlist)) return null;
  return body.watchlist
    .map((entry) => asObject(entry))
    .flatMap((entry) => (entry && idAt(entry, 'id') !== null ? [idAt(entry, 'id') as number] : []));
}

/** The signed-in user's saved ids (GET /api/watchlist); they become the saved set. */
export async function fetchWatchlist(
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; ids: number[] } | { ok: false; message: string; status: number }> {
  const result = await callApi(api.getWatchlist({ ...ACCOUNT_CALL, fetchImpl }));
  const ids = result.ok ? watchlistIds(result.body) : null;
  if (!ids)
    return {
      ok: false,
      message: result.ok ? MESSAGES.UNEXPECTED_ERROR : result.message,
      status: result.status,
    };
  emit(new Set(ids));
  return { ok: true, ids };
}

/** What a save or remove came to. */
type ChangeResult = { ok: true; message: string } | { ok: false; message: string };

/** Saves (`save`) or removes `car` for the user with `phone`. */
export async function changeWatchlist(
  car: Favourite,
  save: boolean,
  phone: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ChangeResult> {
  const before = new Set(snapshot());
  const optimistic = new Set(before);
  if (save) optimistic.add(car.id);
  else optimistic.delete(car.id);
  setFavourite(car, save);
  emit(optimistic);
  const result = await callApi(
    api.changeWatchlist(
      save,
      { phone_number: phone, car_id: car.id },
      { ...ACCOUNT_CALL, fetchImpl },
    ),
  );
  const ids = result.ok ? watchlistIds(result.body) : null;
  if (!ids) {
    setFavourite(car, !save);
    emit(before);
    return { ok: false, message: result.ok ? MESSAGES.UNEXPECTED_ERROR : result.message };
  }
  emit(new Set(ids));
  const fallback = save ? MESSAGES.CAR_SAVED_IN_WATCHLIST : MESSAGES.CAR_REMOVED;
  return { ok: true, message: result.ok ? textAt(result.body, 'message') || fallback : fallback };
}
