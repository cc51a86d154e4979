import { forwardRef, useEffect, useRef, useState } from 'react';
import { errorId, fieldId } from '../forms/form-field';
import {
  loadStripeFor,
  PAYMENT_METHOD_FIELD,
  type CardHandle,
  type CardPaymentView,
  type StripeLoader,
} from './card-payment';
import { CARD_FIELD_UNAVAILABLE, type StripeCardElement } from './stripe-js';
import './payments.css';

/** Stripe's card element in the form's look (it renders in its own frame). */
const CARD_STYLE = {
  style: { base: { fontSize: '16px', color: '#1a1a1a', '::placeholder': { color: '#6b6b6b' } } },
};

interface Props {
  formId: string;
  payment: CardPaymentView;
  /** The card's problem (Stripe's check, the issuer's decline), shown beside it. */
  error: string | undefined;
  /** The mounted field, or null once it is gone. */
  onReady: (handle: CardHandle | null) => void;
  /** The shopper changed the card: an earlier problem no longer applies. */
  onEdit: () => void;
  /** Makes the Stripe object (tests pass a fake one). */
  load?: StripeLoader;
}

/** Stripe.js's card element in a labelled group: its label, what happens to the deposit,
 *  and the card's problem (role=alert) linked by aria-describedby. Stripe.js loads only
 *  here, after hydration; the element's box keeps its height meanwhile, so nothing moves
 *  when it arrives. */
export const CardField = forwardRef<HTMLDivElement, Props>(function CardField(
  { formId, payment, error, onReady, onEdit, load = loadStripeFor },
  ref,
) {
  const mountAt = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  // The callbacks of the latest render, so the effect mounts once per key.
  const latest = useRef({ onReady, onEdit });
  latest.current = { onReady, onEdit };

  useEffect(() => {
    let gone = false;
    let card: StripeCardElement | null = null;
    load(payment).then(
      (stripe) => {
        const target = mountAt.current;
        if (gone || !target) return;
        // The page's text size: 16px also keeps phones from zooming into the field.
        card = stripe.elements().create('card', CARD_STYLE);
        card.mount(target);
        card.on('change', () => latest.current.onEdit());
        latest.current.onReady({ stripe, card });
        setReady(true);
      },
      () => {
        if (!gone) setLoadError(CARD_FIELD_UNAVAILABLE);
      },
    );
    return () => {
      gone = true;
      card?.destroy();
      latest.current.onReady(null);
    };
  }, [load, payment]);

  const id = fieldId(formId, PAYMENT_METHOD_FIELD);
  const hintId = `${id}-hint`;
  const message = error ?? loadError;
  const describedBy = [hintId, message ? errorId(formId, PAYMENT_METHOD_FIELD) : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="form-field form-field--card">
      <span className="form-field__label" id={`${id}-label`}>
        Card for the ${payment.deposit} deposit
        <span aria-hidden="true"> *</span>
      </span>
      <p className="form-field__hint" id={hintId}>
        ${payment.deposit} is held on your card, not charged. It is taken only if you go ahead with
        the purchase.
      </p>
      <div
        id={id}
        ref={ref}
        role="group"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-busy={!ready && !loadError}
        className={`card-field${message ? ' card-field--invalid' : ''}`}
      >
        <div className="card-field__element" ref={mountAt} />
        {!ready && !loadError ? (
          <p className="card-field__loading">Loading the card field…</p>
        ) : null}
      </div>
      {message ? (
        <p className="form-field__error" id={errorId(formId, PAYMENT_METHOD_FIELD)} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
});
