import { useEffect, useState } from 'react';
import { trackEvent } from '../analytics';
import { useSite } from '../site-context';
import { showToast } from '../toast';
import { EVENT_SAVE } from '../../types/generated/constants';
import { MESSAGES } from '../../types/generated/messages';
import { hasPendingSave, rememberPendingSave, takePendingSave } from './pending-save';
import type { Favourite } from './records';
import { currentPath, loadSession, signInUrl, WATCHLIST_PATH } from './session';
import { changeWatchlist, useSavedIds } from './watchlist';

/** Seed 000 s7: the analytics event of saving a car. */
export const EVENT_FAVOURITE = EVENT_SAVE;

interface Props {
  car: Favourite;
  /** The site's rule offers saving this car (CardView.saveable). */
  saveable: boolean;
  /** The site offers favourites (SiteView.favourites); read from the page's site when
   *  not given. A card passes it so its markup depends on its props alone. */
  favourites?: boolean;
  className?: string;
  /** Leaves the page (tests). */
  navigate?: (url: string) => void;
  /** Shows a browser alert (tests). */
  alert?: (message: string) => void;
}

/** The save (favourite) toggle of a card or vehicle page (seed 000 s4): offered where the
 *  site enables favourites and the car qualifies, and on a sold car only once saved.
 *  Signed out, it goes to sign-in (type watchlist) and comes back here, where the car is
 *  then saved without another tap; signed in, the car is saved at once and the API call
 *  confirms it with a toast and View List (not on the watchlist itself: it is that list). */
export function SaveToggle({
  car,
  saveable,
  favourites,
  className,
  navigate = (url) => window.location.assign(url),
  alert = (m) => window.alert(m),
}: Props) {
  const site = useSite();
  const saved = useSavedIds().has(car.id);
  const [busy, setBusy] = useState(false);
  const offered = Boolean(favourites ?? site?.favourites) && (saveable || saved);

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

  // Back from the sign-in this toggle sent the shopper to: save the car they tapped.
  useEffect(() => {
    if (!offered || !hasPendingSave(car.id)) return;
    void (async () => {
      const session = await loadSession();
      if (session.status !== 'signed-in') return;
      const pending = takePendingSave(car.id, currentPath());
      if (!pending) return;
      setBusy(true);
      try {
        await change(true, session.phone);
      } finally {
        setBusy(false);
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` is new each render; a pending save is taken once per car
  }, [offered, car.id]);

  if (!offered) return null;

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      const session = await loadSession();
      if (session.status !== 'signed-in') {
        const here = currentPath();
        if (!saved) rememberPendingSave(car, here);
        navigate(signInUrl('watchlist', here, here));
        return;
      }
      await change(!saved, session.phone);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`save-toggle${saved ? ' save-toggle--saved' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={saved}
      aria-label={`Save ${car.name} to your watchlist`}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.3C1 8.5 3 5 6.4 5c2 0 3.5 1.1 4.3 2.5h2.6C14.1 6.1 15.6 5 17.6 5 21 5 23 8.5 21.6 11.7 19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="save-toggle__text">{saved ? 'Saved' : 'Save'}</span>
    </button>
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
