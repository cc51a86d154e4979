// Call-the-dealer box (seed 000 s4/s7/s8, seed 001 s9): the number is masked until
// clicked (on masked sites); every click on it, reveal or call, fires analytics event 25
// (PhoneLink), and the reveal is logged with POST /api/reveal-phone, whose failure is only
// logged to the console.
import { revealPhone } from '../../api/client';
import type { AnalyticsCar } from '../../lib/analytics';
import { PhoneLink } from '../../components/phone-link';
import type { PhoneView } from '../../types/generated/PhoneView';
import { MESSAGES } from '../../types/generated/messages';

/** Who the reveal is logged for. */
export type RevealIds = { car_id: number; dealership_id: number | null; website_id: number | null };

/** Logs a phone reveal; never throws, failures go to the console only. */
export async function logReveal(ids: RevealIds): Promise<void> {
  try {
    const response = await revealPhone(ids);
    if (!response.ok) console.warn(`Phone reveal was not logged: HTTP ${response.status}`);
  } catch (error) {
    console.warn('Phone reveal was not logged:', error);
  }
}

/** Seed 001 s5 "Phone choice order: site override, per-car-type number, new/used
 *  fallback, car location phone; a warning if none", s8 "Missing phone: console
 *  warning": what the console says when no number was found for a car (the page then
 *  has no call box and no call button). */
export function warnMissingPhone(car: { id: number; name: string }): void {
  console.warn(
    `No phone number for the ${car.name} (car ${car.id}): no site override, car type, new/used or car location phone is configured.`,
  );
}

/** The call box of the vehicle page sidebar. */
export function CallBox({
  phone,
  ids,
  car,
}: {
  phone: PhoneView;
  ids: RevealIds;
  /** The car the event names (its id alone when not given). */
  car?: AnalyticsCar;
}) {
  return (
    <div className="vehicle__call">
      <h2 className="vehicle__call-title">{MESSAGES.CALL_THE_DEALER}</h2>
      <PhoneLink
        phone={phone}
        car={car ?? { id: ids.car_id }}
        onReveal={() => void logReveal(ids)}
      />
    </div>
  );
}
