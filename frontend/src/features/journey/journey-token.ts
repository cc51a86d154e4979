// The journey token of each car this browser reserved: the reservation's answer gives it
// once, and only this browser (or the shopper signed in with the reservation's phone)
// can open the buy-online journey with it. Kept per site, by car id.
import { asObject, readStored, writeStored } from '../../lib/local-store';

const JOURNEY_TOKENS_KEY = 'forecourt:journeys';

/** How the API writes a token: `<reservation id>.<64 hex digits>`. */
const TOKEN = /^[A-Za-z0-9]{1,64}\.[0-9a-f]{64}$/;

function tokens(): Record<string, string> {
  return (
    readStored(JOURNEY_TOKENS_KEY, (value) => {
      const o = asObject(value);
      if (!o) return null;
      const kept: Record<string, string> = {};
      for (const [car, token] of Object.entries(o))
        if (/^\d+$/.test(car) && typeof token === 'string' && TOKEN.test(token)) kept[car] = token;
      return kept;
    }) ?? {}
  );
}

/** The token of the journey of `carId` kept in this browser, or null. */
export function journeyToken(carId: number): string | null {
  return tokens()[String(carId)] ?? null;
}

/** Keeps the token of a new reservation of `carId`. */
export function rememberJourneyToken(carId: number, token: string): void {
  if (!TOKEN.test(token)) return;
  writeStored(JOURNEY_TOKENS_KEY, { ...tokens(), [String(carId)]: token });
}

/** Forgets the token of `carId` (the API refused it: another reservation's, or gone). */
export function forgetJourneyToken(carId: number): void {
  const next = tokens();
  delete next[String(carId)];
  writeStored(JOURNEY_TOKENS_KEY, next);
}

/** Keeps the journey token a reservation's answer carries (`car_id`, `journey_token`). */
export function rememberFromReservation(body: Record<string, unknown>): void {
  const carId = body.car_id;
  const token = body.journey_token;
  if (typeof carId === 'number' && Number.isSafeInteger(carId) && typeof token === 'string')
    rememberJourneyToken(carId, token);
}

/** Where the cars this browser went to reserve from the journey are kept (by car id). */
const JOURNEY_STARTS_KEY = 'forecourt:journey-starts';

function starts(): number[] {
  return (
    readStored(JOURNEY_STARTS_KEY, (value) =>
      Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : null,
    ) ?? []
  );
}

/** Notes that the shopper left the journey of `carId` to reserve it, so the page after
 *  the reservation can lead back to the journey. */
export function markJourneyStart(carId: number): void {
  if (!starts().includes(carId)) writeStored(JOURNEY_STARTS_KEY, [...starts(), carId].slice(-20));
}

/** Whether this browser reserved `carId` (it holds the journey's token) after leaving the
 *  journey to do it. */
export function reservedFromJourney(carId: number): boolean {
  return journeyToken(carId) !== null && starts().includes(carId);
}
