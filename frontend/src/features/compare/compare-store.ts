// The cars the shopper compares (seed 000 s4 "save or compare toggle"): kept
// in this browser like the local favourites (same record, same per-site storage), at most
// COMPARE_MAX_CARS, oldest first so the compare page keeps the order they were picked in.
// Every compare toggle and the compare page read one store, and other tabs' changes
// reach it through the storage event.
import { useSyncExternalStore } from 'react';
import { COMPARE_MAX_CARS } from '../../types/generated/constants';
import { parseCar, type CarRef } from '../account/records';
import { listOf, readStored, writeStored } from '../../lib/local-store';

/** Storage key of the compare list. */
export const COMPARE_KEY = 'forecourt:compare';

/** The compare page's path (built where the site offers comparing). */
export const COMPARE_PATH = '/compare';

const EMPTY: readonly CarRef[] = [];
let current: readonly CarRef[] | null = null;
const listeners = new Set<() => void>();

function read(): readonly CarRef[] {
  const cars = readStored(COMPARE_KEY, (value) => listOf(value, parseCar)) ?? [];
  const seen = new Set<number>();
  return cars
    .filter((car) => (seen.has(car.id) ? false : (seen.add(car.id), true)))
    .slice(0, COMPARE_MAX_CARS);
}

// An empty list is EMPTY itself, the server snapshot: otherwise every toggle on the page
// would see a changed store once hydrated and render again at once.
function snapshot(): readonly CarRef[] {
  current ??= nonEmpty(read());
  return current;
}

function nonEmpty(cars: readonly CarRef[]): readonly CarRef[] {
  return cars.length > 0 ? cars : EMPTY;
}

function emit(next: readonly CarRef[]): void {
  current = next;
  writeStored(COMPARE_KEY, next);
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== COMPARE_KEY) return;
  current = nonEmpty(read());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The compared cars (none on the server and while hydrating: the page's markup is the
 *  same for everyone). */
export function useCompared(): readonly CarRef[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** The compared cars now (outside React). */
export function comparedCars(): readonly CarRef[] {
  return snapshot();
}

/** What a toggle came to. */
type CompareChange = 'added' | 'removed' | 'full';

/** Adds `car` to the comparison, or removes it when it is there; a full comparison
 *  (COMPARE_MAX_CARS) takes no more. */
export function toggleCompared(car: CarRef): CompareChange {
  const list = snapshot();
  if (list.some((c) => c.id === car.id)) {
    emit(list.filter((c) => c.id !== car.id));
    return 'removed';
  }
  if (list.length >= COMPARE_MAX_CARS) return 'full';
  emit([...list, car]);
  return 'added';
}

/** Takes the car `id` out of the comparison. */
export function removeCompared(id: number): void {
  emit(snapshot().filter((c) => c.id !== id));
}

/** Forgets the in-memory list (tests). */
export function resetCompared(): void {
  current = null;
}
