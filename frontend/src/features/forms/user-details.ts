// Stored user details (seed 001 s3/s5), kept in localStorage and prefilled into forms:
// saved only when name, email and phone are all present; only the non-empty of name,
// last_name, email, phone and postcode are kept (trimmed). Tested on
// domain/tests/data/user_details_cases.json.
import { asObject, readStored, textAt, writeStored } from '../../lib/local-store';
import type { Values } from './validation';

/** The localStorage key (one per site: storage is per host). */
export const USER_DETAILS_KEY = 'forecourt:user-details';

/** The fields that are stored, in order. */
const DETAIL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

/** Stored user details. */
export type UserDetails = Partial<Record<(typeof DETAIL_FIELDS)[number], string>>;

/** What would be stored from `values`, or null when nothing may be stored. */
export function detailsToStore(values: Values): UserDetails | null {
  const stored: UserDetails = {};
  for (const name of DETAIL_FIELDS) {
    const value = values[name];
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (trimmed !== '') stored[name] = trimmed;
  }
  return stored.name && stored.email && stored.phone ? stored : null;
}

/** Saves the details of `values` when the rule allows; returns whether it did. */
export function saveDetails(values: Values): boolean {
  const details = detailsToStore(values);
  return details !== null && writeStored(USER_DETAILS_KEY, details);
}

/** The stored details (only known, non-empty text fields), or an empty object. */
export function loadDetails(): UserDetails {
  return (
    readStored(USER_DETAILS_KEY, (parsed) => {
      const object = asObject(parsed);
      if (!object) return null;
      const details: UserDetails = {};
      for (const name of DETAIL_FIELDS) {
        const value = textAt(object, name);
        if (value !== '') details[name] = value;
      }
      return details;
    }) ?? {}
  );
}

/** `values` with each empty detail field filled from `details`. */
export function prefillDetails(values: Values, details: UserDetails): Values {
  const next = { ...values };
  for (const name of DETAIL_FIELDS) {
    const stored = details[name];
    if (stored && name in next && next[name] === '') next[name] = stored;
  }
  return next;
}
