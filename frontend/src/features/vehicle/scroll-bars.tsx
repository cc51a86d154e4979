// The sticky header (seed 000 s2/s4/s9: shown from 500 px of scroll) and the fixed
// bottom bar (seed 001 s2/s4/s9: past 900 px, with reserve, enquire and call). Both are
// fixed-position, so showing them moves nothing on the page.
import type { MouseEvent } from 'react';
import type { CardView } from '../../types/generated/CardView';
import type { PhoneView } from '../../types/generated/PhoneView';
import { MESSAGES } from '../../types/generated/messages';
import { useScrolledPast } from './use-scrolled-past';

/** The sticky header: car name, price and the main action. `offerReserve` is false
 *  while another "Reserve Now" is on screen (issue 24: one at a time). */
export function StickyHeader({
  card,
  thresholdPx,
  held,
  offerReserve = true,
}: {
  card: CardView;
  thresholdPx: number;
  held: boolean;
  offerReserve?: boolean;
}) {
  const shown = useScrolledPast(thresholdPx);
  if (!shown) return null;
  return (
    <div className="vehicle-sticky" data-testid="vehicle-sticky">
      <div className="container vehicle-sticky__bar">
        <p className="vehicle-sticky__name">{card.name}</p>
        <p className="vehicle-sticky__price">{card.price_text}</p>
        {card.reserve_url && !held && offerReserve ? (
          <a className="button button--small" href={card.reserve_url}>
            {MESSAGES.RESERVE_NOW}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** The fixed bottom bar: reserve, enquire and call. Enquire opens the page's enquiry
 *  dialog when `onEnquire` is given (the bar exists only after hydration), else it links
 *  to the enquiry page. */
export function BottomBar({
  card,
  thresholdPx,
  held,
  enquireUrl,
  enquireLabel,
  onEnquire,
  phone,
  onCall,
  offerReserve = true,
}: {
  card: CardView;
  thresholdPx: number;
  held: boolean;
  enquireUrl: string;
  enquireLabel: string;
  onEnquire?: (event: MouseEvent<HTMLButtonElement>) => void;
  phone: PhoneView | null;
  onCall: () => void;
  /** False while the page's own "Reserve Now" is on screen (one at a time). */
  offerReserve?: boolean;
}) {
  const shown = useScrolledPast(thresholdPx, true);
  if (!shown) return null;
  return (
    <nav className="vehicle-bottom-bar" aria-label="Quick actions">
      {card.reserve_url && !held && offerReserve ? (
        <a className="button" href={card.reserve_url}>
          {MESSAGES.RESERVE_NOW}
        </a>
      ) : null}
      {onEnquire ? (
        <button
          type="button"
          className="button button--secondary"
          aria-haspopup="dialog"
          onClick={onEnquire}
        >
          {enquireLabel}
        </button>
      ) : (
        <a className="button button--secondary" href={enquireUrl}>
          {enquireLabel}
        </a>
      )}
      {phone ? (
        <a className="button button--secondary" href={phone.href} onClick={onCall}>
          Call
        </a>
      ) : null}
    </nav>
  );
}
