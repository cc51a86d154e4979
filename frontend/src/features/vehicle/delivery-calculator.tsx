import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDollars } from '../../components/number-format';
import { type DeliveryEstimate, lookUpDelivery } from './delivery-client';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'result'; estimate: DeliveryEstimate }
  | { kind: 'error'; message: string };

/** A locality as people write it: the dataset's "SYDNEY" or "MOUNT STUART" reads
 *  "Sydney", "Mount Stuart" (hyphenated and apostrophised parts too). */
export function placeName(locality: string): string {
  return locality
    .toLowerCase()
    .replace(
      /(^|[\s\-'(])([a-z])/g,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

/** The delivery calculator (seed 000 s2/s4/s5): postcode and button; idle, loading, then
 *  the estimate (price 0 reads as free delivery) or the error message. The answer area
 *  is a live region with reserved height, so answers are announced and nothing jumps.
 *  The distance is measured from the car's own `location` (issue 24). */
export function DeliveryCalculator({ location = null }: { location?: string | null } = {}) {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const inflight = useRef<AbortController | null>(null);
  useEffect(() => () => inflight.current?.abort(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    if (postcode.trim() !== '') setState({ kind: 'loading' });
    try {
      const outcome = await lookUpDelivery(postcode, controller.signal, location);
      if (!controller.signal.aborted) setState(outcome);
    } catch {
      // Aborted by a newer lookup or by leaving the page.
    }
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
        <label htmlFor={inputId}>Postcode</label>
        <div className="delivery__row">
          <input
            id={inputId}
            name="postcode"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={postcode}
            onChange={(event) => setPostcode(event.target.value)}
            aria-describedby={answerId}
            aria-invalid={state.kind === 'error' ? true : undefined}
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
        {state.kind === 'result' ? (
          <>
            <p className="delivery__price">
              {state.estimate.price === 0
                ? 'Free delivery'
                : `${formatDollars(state.estimate.price)} delivery`}{' '}
              to {state.estimate.region}
            </p>
            <p className="delivery__place">
              {[placeName(state.estimate.locality), state.estimate.state, state.estimate.postcode]
                .filter(Boolean)
                .join(' ')}
              {state.estimate.location ? ` · from ${state.estimate.location}` : ''}
            </p>
          </>
        ) : null}
      </div>
    </section>
  );
}
