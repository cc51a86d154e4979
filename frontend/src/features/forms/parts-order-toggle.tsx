import { useId, useState, type ReactNode } from 'react';
import { MESSAGES } from '../../types/generated/messages';

/** Seed 001 s2: the parts order form with its toggle, "View Parts Order Form" / "Hide
 *  Parts Order Form". The form starts shown (a shopper following a part's order link
 *  came to fill it in, and it must work without JavaScript); the toggle folds it away. */
export function PartsOrderToggle({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  const id = useId();
  return (
    <div className="parts-order-toggle">
      <button
        type="button"
        className="button button--secondary parts-order-toggle__button"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? MESSAGES.HIDE_PARTS_ORDER_FORM : MESSAGES.VIEW_PARTS_ORDER_FORM}
      </button>
      <div id={id} hidden={!shown}>
        {children}
      </div>
    </div>
  );
}
