import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { trackEvent } from '../../lib/analytics';
import { ModalDialog } from '../../components/modal-dialog';
import { useSite } from '../../lib/site-context';
import { showToast } from '../../components/toast';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { EVENT_SAVE } from '../../types/generated/constants';
import { MESSAGES } from '../../types/generated/messages';
import type { Favourite } from './records';
import { loadSession, WATCHLIST_PATH } from './session';
import { changeWatchlist, useSavedIds } from './watchlist';

// The sign-in steps load only when a signed-out shopper taps Save: every card has a
// toggle, and most shoppers never need them.
const SignIn = lazy(() => import('./sign-in').then((m) => ({ default: m.SignIn })));

/** Seed 000 s7: the analytics event of saving a car. */
const EVENT_FAVOURITE = EVENT_SAVE;

interface Props {
  car: Favourite;
  /** The site's rule offers saving this car (CardView.saveable). */
  saveable: boolean;
  /** The site offers favourites (SiteView.favourites); read from the page's site when
   *  not given. A card passes it so its markup depends on its props alone. */
  favourites?: boolean;
  className?: string;
  /** Shows a browser alert (tests). */
  alert?: (message: string) => void;
}

/** The save (favourite) toggle of a card or vehicle page (seed 000 s4): offered where the
 *  site enables favourites and the car qualifies, and on a sold car only once saved.
 *  Signed out, it opens sign-in (type watchlist) in a dialog over the page, so the
 *  shopper keeps their place in the results; once signed in the dialog closes, focus
 *  is back on this toggle and the car is saved without another tap. Signed in, the car
 *  is saved at once and the API call confirms it with a toast and View List (not on the
 *  watchlist itself: it is that list). */
export function SaveToggle({
  car,
  saveable,
  favourites,
  className,
  alert = (m) => window.alert(m),
}: Props) {
  const site = useSite();
  const saved = useSavedIds().has(car.id);
  // While a save is under way the toggle ignores taps but stays enabled: a disabled
  // button loses focus, and focus belongs on the toggle the shopper tapped.
  const [busy, setBusyState] = useState(false);
  const busyNow = useRef(false);
  const setBusy = (on: boolean) => {
    busyNow.current = on;
    setBusyState(on);
  };
  const offered = Boolean(favourites ?? site?.favourites) && (saveable || saved);
  const modal = useModalDialog();
  const heading = useId();
  // Whether the sign-in was asked for to save the car (a tap on a saved car removes it,
  // and a signed-out shopper has nothing saved on the account to remove).
  const saveAfterSignIn = useRef(false);
  // The dialog leaves the page when it closes, so the browser's own return of focus (on
  // closing a dialog) never runs, and the toggle is inert until it has gone: focus goes
  // back once it has.
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !modal.open) button.current?.focus();
    wasOpen.current = modal.open;
  }, [modal.open]);

  if (!offered) return null;

  async function change(save: boolean, phone: string) {
    if (save) trackEvent(EVENT_FAVOURITE, { id: car.id, make: car.make, model: car.model });
    const result = await changeWatchlist(car, save, phone);
    const onList = window.location.pathname === WATCHLIST_PATH;
    if (result.ok)
      showToast(
        onList
          ? { text: result.message }
          : { text: result.message, action: { label: MESSAGES.VIEW_LIST, href: WATCHLIST_PATH } },
      );
    else alert(result.message);
  }

  async function toggle(button: HTMLButtonElement) {
    if (busyNow.current) return;
    setBusy(true);
    try {
      const session = await loadSession();
      if (session.status !== 'signed-in') {
        saveAfterSignIn.current = !saved;
        modal.show({ currentTarget: button });
        return;
      }
      await change(!saved, session.phone);
    } finally {
      setBusy(false);
    }
  }

  async function signedIn() {
    modal.close();
    if (!saveAfterSignIn.current) return;
    saveAfterSignIn.current = false;
    setBusy(true);
    try {
      const session = await loadSession();
      if (session.status === 'signed-in') await change(true, session.phone);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`save-toggle${saved ? ' save-toggle--saved' : ''}${className ? ` ${className}` : ''}`}
        aria-pressed={saved}
        aria-label={`Save ${car.name} to your watchlist`}
        aria-disabled={busy || undefined}
        onClick={(event) => void toggle(event.currentTarget)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.3C1 8.5 3 5 6.4 5c2 0 3.5 1.1 4.3 2.5h2.6C14.1 6.1 15.6 5 17.6 5 21 5 23 8.5 21.6 11.7 19.5 16.4 12 21 12 21z" />
        </svg>
        <span className="save-toggle__text">{saved ? 'Saved' : 'Save'}</span>
      </button>
      {/* Mounted only while open: a page of cards carries no empty dialogs. */}
      {modal.open ? (
        <ModalDialog modal={modal} className="sign-in-dialog" labelledBy={heading}>
          <div className="sign-in-dialog__head">
            <h2 id={heading}>Sign in to save {car.name}</h2>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={modal.close}
            >
              Close
            </button>
          </div>
          <Suspense fallback={<p role="status">Loading sign-in…</p>}>
            <SignIn type="watchlist" onSignedIn={() => void signedIn()} />
          </Suspense>
        </ModalDialog>
      ) : null}
    </>
  );
}

/** The favourite record of a card. */
export function favouriteOf(card: {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  image: { url: string } | null;
}): Favourite {
  return {
    id: card.id,
    name: card.name,
    slug: card.slug,
    make: card.make,
    model: card.model,
    primary_image_url: card.image?.url ?? '',
  };
}
