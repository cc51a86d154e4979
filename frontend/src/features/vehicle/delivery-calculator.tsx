import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import {
  CHOOSE_A_PLACE,
  PlaceCombobox,
  postcodeOf,
  type PlaceSuggestion,
} from '../../components/place-combobox';
import type { PhoneView } from '../../types/generated/PhoneView';
import './delivery-calculator.css';
import { type DeliveryEstimate, deliveryTo, lookUpDelivery } from './delivery-client';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'result'; estimate: DeliveryEstimate }
  | { kind: 'none'; message: string }
  | { kind: 'error'; message: string };

/** The estimate's sentence, naming the place: "$1,490 delivery to Sydney, 2000", "Free
 *  delivery to Brisbane City, 4000" (the zone's name is for the line below). The API
 *  writes the place as people do ("Kingston SE"), so it is shown as given. */
export function deliverySentence(estimate: DeliveryEstimate): string {
  return deliveryTo(estimate.price, estimate.locality, estimate.postcode, estimate.region);
}

/** The line under the sentence: the state, the zone it is priced in and the yard it
 *  comes from, e.g. "NSW · Long distance (500 to 1,800 km) · from Moreton Ballina". */
function deliveryDetail(estimate: DeliveryEstimate): string {
  return [estimate.state, estimate.region, estimate.location ? `from ${estimate.location}` : '']
    .filter(Boolean)
    .join(' · ');
}

/** The delivery calculator (seed 000 s2/s4/s5): a suburb (picked from the suggestions, looked
 *  up at once) or postcode, and a button; idle, loading, then
 *  the estimate (price 0 reads as free delivery), the no-estimate answer with the page's
 *  enquiry and call actions, or what to correct in the postcode. The answer area is a
 *  live region with reserved height, so answers are announced and nothing jumps. The
 *  distance is measured from the car's own `location`. */
export function DeliveryCalculator({
  location = null,
  enquireUrl,
  enquireLabel = 'Enquire',
  onEnquire,
  phone = null,
  onCall,
}: {
  location?: string | null;
  /** Where the enquiry lives when there is no dialog to open. */
  enquireUrl?: string;
  enquireLabel?: string;
  /** Opens the page's enquiry dialog. */
  onEnquire?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The number to call for a quote. */
  phone?: PhoneView | null;
  onCall?: () => void;
} = {}) {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const inflight = useRef<AbortController | null>(null);
  useEffect(() => () => inflight.current?.abort(), []);

  async function estimate(value: string) {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    if (value.trim() !== '') setState({ kind: 'loading' });
    try {
      const outcome = await lookUpDelivery(value, controller.signal, location);
      if (!controller.signal.aborted) setState(outcome);
    } catch {
      // Aborted by a newer lookup or by leaving the page.
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = postcodeOf(postcode);
    // Words without a picked suburb cannot be priced; digits go to the API, which names
    // what is wrong with a postcode.
    if (code === null && /\p{L}/u.test(postcode)) {
      setState({ kind: 'error', message: CHOOSE_A_PLACE });
      return;
    }
    void estimate(code ?? postcode);
  }

  function pick(place: PlaceSuggestion) {
    void estimate(place.postcode);
  }

  const inputId = `${id}-postcode`;
  const answerId = `${id}-answer`;
  const titleId = `${id}-title`;
  return (
    <section className="delivery" aria-labelledby={titleId}>
      <h2 id={titleId} className="delivery__title">
        Delivery estimate
      </h2>
      <form className="delivery__form" onSubmit={submit} noValidate>
        <div className="delivery__row">
          <PlaceCombobox
            id={inputId}
            label="Suburb or postcode"
            name="place"
            className="delivery__place"
            value={postcode}
            onChange={setPostcode}
            onPick={pick}
            describedBy={answerId}
            invalid={state.kind === 'error'}
          />
          <button type="submit" className="button" disabled={state.kind === 'loading'}>
            Get estimate
          </button>
        </div>
      </form>
      <div id={answerId} className="delivery__answer" role="status" aria-live="polite">
        {state.kind === 'loading' ? (
          <p className="delivery__loading">Calculating delivery…</p>
        ) : null}
        {state.kind === 'error' ? <p className="delivery__error">{state.message}</p> : null}
        {state.kind === 'none' ? <p className="delivery__none">{state.message}</p> : null}
        {state.kind === 'result' ? (
          <>
            <p className="delivery__price">{deliverySentence(state.estimate)}</p>
            <p className="delivery__place">{deliveryDetail(state.estimate)}</p>
          </>
        ) : null}
      </div>
      {/* Outside the live region so the actions are not read out with every answer. */}
      <div className="delivery__actions" hidden={state.kind !== 'none'}>
        {onEnquire ? (
          <button
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            onClick={onEnquire}
          >
            {enquireLabel}
          </button>
        ) : enquireUrl ? (
          <a className="button button--secondary" href={enquireUrl}>
            {enquireLabel}
          </a>
        ) : null}
        {phone && !phone.masked ? (
          <a className="button button--secondary" href={phone.href} onClick={onCall}>
            Call {phone.display}
          </a>
        ) : phone ? (
          <a className="button button--secondary" href={phone.href} onClick={onCall}>
            Call
          </a>
        ) : null}
      </div>
    </section>
  );
}
