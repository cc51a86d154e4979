// What happens once a form's last step is stored (seed 001 s4 "Form submission" and
// "Multi-step enquiry form"): the form's analytics event fires, the enquiry (or the
// reservation) and the car are recorded, the success marker is saved, and the shopper
// goes to /success, which shows the marker.
import { trackEvent } from '../../lib/analytics';
import type { FormCarView } from '../../types/generated/FormCarView';
import type { FormPageView } from '../../types/generated/FormPageView';
import {
  recordEnquiry,
  recordReservation,
  recordViewedCar,
  saveSuccess,
  type CarRef,
  type SuccessMarker,
} from '../account/records';
import type { ReservationHold } from './lead-client';
import { heldText } from '../payments/card-payment';
import { APPOINTMENT_DATE_FIELD, APPOINTMENT_TIME_FIELD } from '../../types/generated/constants';
import { chosenCategory, appointmentLocation } from './lead-payload';
import type { Values } from './validation';

/** The page a stored form goes to. */
export const SUCCESS_PATH = '/success';

/** A stored form's last answer. */
interface StoredForm {
  /** The lead id (a reservation's id). */
  leadId: string;
  /** The hold, when the form was a reservation. */
  reservation: ReservationHold | null;
}

function carRef(car: FormCarView): CarRef {
  return {
    id: car.id,
    name: car.name,
    slug: car.slug,
    make: car.make,
    model: car.model,
    primary_image_url: car.primary_image_url,
  };
}

/** "Tuesday 24 November 2026" for "2026-11-24" (the date as the shopper picked it). */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Date(y, m - 1, d).toLocaleDateString('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** The success text: a card hold's amount and end, the reservation's own message, else the form's thank-you text,
 *  followed by the booked slot of a test drive. */
function successText(
  view: FormPageView,
  values: Values,
  stored: StoredForm,
  slotLabels: Record<string, string>,
): string {
  // A card hold: "Reserved", the amount held and when the hold ends.
  const hold = stored.reservation;
  if (hold?.status === 'held') {
    const deposit = hold.deposit ?? view.card_payment?.deposit;
    if (deposit !== undefined && deposit !== null) return heldText(deposit, hold.expiresAt);
  }
  if (hold?.message) return hold.message;
  const date = values[APPOINTMENT_DATE_FIELD];
  const time = values[APPOINTMENT_TIME_FIELD];
  const location = appointmentLocation(view, values);
  if (
    !view.appointment ||
    typeof date !== 'string' ||
    typeof time !== 'string' ||
    date === '' ||
    time === '' ||
    !location
  )
    return view.thank_you.text;
  const booked = view.appointment.booked_template
    .replace('{time}', slotLabels[time] ?? time)
    .replace('{date}', longDate(date))
    .replace('{location}', location.name);
  return `${view.thank_you.text} ${booked}`;
}

/** Records a stored form and answers the marker it saved: the analytics event, the
 *  reservation or the enquiry, the car the form was about, and the success marker. */
export function recordStoredForm(
  view: FormPageView,
  values: Values,
  stored: StoredForm,
  now: Date,
  slotLabels: Record<string, string> = {},
): SuccessMarker {
  const subject = view.subject;
  // The chosen category decides the event where the form has a category select.
  trackEvent(
    chosenCategory(view, values)?.event_id ?? view.event_id,
    subject && {
      id: subject.id,
      make: subject.make,
      model: subject.model,
      stock_number: subject.stocknum,
    },
  );
  const car = view.subject ? carRef(view.subject) : null;
  const at = now.toISOString();
  if (stored.reservation && car) {
    recordReservation({
      reservation_id: stored.leadId,
      car,
      expires_at: stored.reservation.expiresAt,
      made_at: at,
    });
  } else {
    recordEnquiry({
      lead_id: stored.leadId,
      form: view.title,
      category: chosenCategory(view, values)?.category ?? view.category,
      car,
      sent_at: at,
    });
  }
  if (view.subject) {
    const { id, stocknum, make, model, body, simple_body } = view.subject;
    recordViewedCar({ id, stocknum, make, model, body, simple_body });
  }
  const marker: SuccessMarker = {
    title: view.thank_you.title,
    text: successText(view, values, stored, slotLabels),
    form: view.title,
    car,
    at,
    reservation_id: stored.reservation && car ? stored.leadId : null,
  };
  saveSuccess(marker);
  return marker;
}
