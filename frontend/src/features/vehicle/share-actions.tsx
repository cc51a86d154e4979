// Share and print (seed 001 s2/s7/s8): share copies the car's URL to the clipboard and
// shows 'Copied {car name} to your clipboard!' (the page's one toast); print opens
// /print?car_id={slug} in a new tab and fires analytics event 61.
import { EVENT_PRINT, trackEvent } from '../../lib/analytics';
import { showToast } from '../../components/toast';
import { MESSAGES } from '../../types/generated/messages';

/** The share toast for one car. */
function copiedText(carName: string): string {
  return MESSAGES.COPIED_TO_CLIPBOARD_TEMPLATE.replace('{car name}', carName);
}

/** Share and print buttons of the sidebar. */
export function ShareActions({
  carName,
  carUrl,
  printUrl,
}: {
  carName: string;
  carUrl: string;
  printUrl: string;
}) {
  async function share() {
    try {
      await navigator.clipboard.writeText(carUrl);
      showToast({ text: copiedText(carName) });
    } catch (error) {
      // No clipboard (insecure context or denied): say nothing rather than claim a copy.
      console.warn('Could not copy the car URL:', error);
    }
  }

  return (
    <div className="share-actions">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void share()}
      >
        Share
      </button>
      <a
        className="button button--secondary button--small"
        href={printUrl}
        target="_blank"
        rel="noopener"
        onClick={() => trackEvent(EVENT_PRINT)}
      >
        Print<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
