// localStorage as JSON, per site (storage is per host, and every dealer has its own host).
// Every read is checked by the caller's parser: a value written by an older release, by
// hand or by another script must not break a page. Storage can be switched off (privacy
// settings, full quota): then reads find nothing and writes report false.

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The value stored under `key`, as `parse` reads it, or null when absent or unreadable. */
export function readStored<T>(key: string, parse: (value: unknown) => T | null): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Stores `value` under `key` as JSON; false when storage is unavailable or full. */
export function writeStored(key: string, value: unknown): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Forgets `key`. */
export function removeStored(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored is nothing lost.
  }
}

/** `value` as a record of its own keys, or null when it is not a plain object. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The trimmed text at `key` of `object`, or '' when it is not text. */
export function textAt(object: Record<string, unknown>, key: string): string {
  const value = object[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** The positive whole number at `key` of `object`, or null. */
export function idAt(object: Record<string, unknown>, key: string): number | null {
  const value = object[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The items of a stored list that `parse` accepts (others are dropped, not fatal). */
export function listOf<T>(value: unknown, parse: (item: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  return value.map(parse).filter((item): item is T => item !== null);
}
