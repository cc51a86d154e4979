// A save asked for while signed out (seed 000 s4): the toggle sends the shopper to sign-in
// and comes back to the same page; the car they tapped is remembered here so that, once
// signed in, the page saves it without a second tap. It is kept for one page (the path it
// was asked on) and a short while, so an abandoned sign-in does not save a car days later.
import { asObject, idAt, readStored, removeStored, textAt, writeStored } from '../local-store';
import type { Favourite } from './records';

export const PENDING_SAVE_KEY = 'forecourt:pending-save';
/** How long a save waits for its sign-in. */
export const PENDING_SAVE_MS = 30 * 60 * 1000;

interface PendingSave {
  car: Favourite;
  /** The page (path and query) the save was asked on. */
  path: string;
  /** When it was asked (ms since the epoch). */
  at: number;
}

function parse(value: unknown): PendingSave | null {
  const object = asObject(value);
  const car = object ? asObject(object.car) : null;
  if (!object || !car) return null;
  const id = idAt(car, 'id');
  const at = object.at;
  if (id === null || typeof at !== 'number' || typeof object.path !== 'string') return null;
  return {
    car: {
      id,
      name: textAt(car, 'name'),
      slug: textAt(car, 'slug'),
      make: textAt(car, 'make'),
      model: textAt(car, 'model'),
      primary_image_url: textAt(car, 'primary_image_url'),
    },
    path: object.path,
    at,
  };
}

/** Remembers that `car` is to be saved on `path` once the shopper has signed in. */
export function rememberPendingSave(car: Favourite, path: string, now = Date.now()): void {
  writeStored(PENDING_SAVE_KEY, { car, path, at: now });
}

/** The car waiting to be saved on `path` with id `id`, taken (forgotten) so it is saved
 *  once; null when none waits, it is for another page or car, or it is too old. A stale
 *  or foreign entry is left for its own page, except an expired one, which is dropped. */
export function takePendingSave(id: number, path: string, now = Date.now()): Favourite | null {
  const pending = readStored(PENDING_SAVE_KEY, parse);
  if (!pending) return null;
  if (now - pending.at > PENDING_SAVE_MS || now < pending.at) {
    removeStored(PENDING_SAVE_KEY);
    return null;
  }
  if (pending.car.id !== id || pending.path !== path) return null;
  removeStored(PENDING_SAVE_KEY);
  return pending.car;
}

/** Whether a save waits for car `id` (a cheap check before asking for the session). */
export function hasPendingSave(id: number): boolean {
  return readStored(PENDING_SAVE_KEY, parse)?.car.id === id;
}
