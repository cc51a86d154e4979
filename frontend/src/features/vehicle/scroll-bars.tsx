// The sticky header (seed 000 s2/s4/s9: shown from 500 px of scroll) and the fixed
// bottom bar (seed 001 s2/s4/s9: past 900 px, with reserve, enquire and call). Both are
// fixed-position, so showing them moves nothing on the page.
import { useRef, type MouseEvent, type RefObject } from 'react';
import { useFixedEdge } from '../../lib/fixed-edge';
import type { CardView } from '../../types/generated/CardView';
import type { PhoneView } from '../../types/generated/PhoneView';
import { MESSAGES } from '../../types/generated/messages';
import { useInView } from './use-in-view';
import { useScrolledPast } from './use-scrolled-past';

const NO_ELEMENT: RefObject<Element | null> = { current: null };

/** The sticky header: car name, price and the main action. It offers "Reserve Now"
 *  only while `primaryReserve` (the page's own button) is off screen and, on a page with
 *  a bottom bar (`bottomBarPx`), before that bar shows (one at a time). The bars
 *  watch the scroll themselves, so only they draw again when it changes, not the page. */
export function StickyHeader({
  card,
  thresholdPx,
  held,
  primaryReserve = NO_ELEMENT,
  bottomBarPx = null,
}: {
  card: CardView;
  thresholdPx: number;
  held: boolean;
  primaryReserve?: RefObject<Element | null>;
  bottomBarPx?: number | null;
}) {
  const primaryInView = useInView(primaryReserve);
  // Without a bottom bar there is no threshold to pass.
  const bottomBarShown = useScrolledPast(bottomBarPx ?? Number.POSITIVE_INFINITY, true);
  const offerReserve = !primaryInView && !(bottomBarPx !== null && bottomBarShown);
  const shown = useScrolledPast(thresholdPx);
  const bar = useRef<HTMLDivElement>(null);
  useFixedEdge(bar, 'top', shown);
  if (!shown) return null;
  return (
    <div ref={bar} className="vehicle-sticky" data-testid="vehicle-sticky">
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

/** The fixed bottom bar: reserve, enquire and call; while the page's own Reserve Now is
 *  on screen, the price in its place. Enquire opens the page's enquiry
 *  dialog when `onEnquire` is given (the bar exists only after hydration), else it links
 *  to the enquiry page. Where the dealer has a messaging channel, `messageUrl` (SMS,
 *  WhatsApp or Messenger, the car prefilled) takes the enquiry's place as Message Now. */
export function BottomBar({
  card,
  thresholdPx,
  held,
  enquireUrl,
  enquireLabel,
  onEnquire,
  messageUrl,
  phone,
  onCall,
  primaryReserve = NO_ELEMENT,
}: {
  card: CardView;
  thresholdPx: number;
  held: boolean;
  enquireUrl: string;
  enquireLabel: string;
  onEnquire?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The dealer's messaging channel with the car prefilled (widgets.message_url). */
  messageUrl?: string | null;
  phone: PhoneView | null;
  onCall: () => void;
  /** The page's own "Reserve Now": the bar offers it only while that is off screen. */
  primaryReserve?: RefObject<Element | null>;
}) {
  const offerReserve = !useInView(primaryReserve);
  const shown = useScrolledPast(thresholdPx, true);
  const bar = useRef<HTMLElement>(null);
  useFixedEdge(bar, 'bottom', shown);
  if (!shown) return null;
  return (
    <nav ref={bar} className="vehicle-bottom-bar" aria-label="Quick actions">
      {card.reserve_url && !held ? (
        // One slot for Reserve Now and, while the page's own is on screen, the price:
        // as wide as the wider of the two, so the buttons beside it never move.
        <span className="vehicle-bottom-bar__slot">
          <span
            className="vehicle-bottom-bar__price"
            aria-hidden={offerReserve || undefined}
            inert={offerReserve}
          >
            {card.price_text}
          </span>
          <a
            className="button"
            href={card.reserve_url}
            aria-hidden={!offerReserve || undefined}
            inert={!offerReserve}
          >
            {MESSAGES.RESERVE_NOW}
          </a>
        </span>
      ) : null}
      {messageUrl ? (
        <a className="button button--secondary" href={messageUrl}>
          {MESSAGES.MESSAGE_NOW}
        </a>
      ) : onEnquire ? (
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
