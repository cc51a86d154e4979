import { useEffect, useId, useRef, useState } from 'react';
import type { SiteView } from '../types/generated/SiteView';
import { setAnalyticsDealer } from './analytics';
import { choose, hasTags, startConsent, type ConsentChoice } from './consent';
import './consent-banner.css';

/** The consent banner of a first visit (issue 28): a fixed bar over the bottom of the
 *  page, so showing or closing it moves no content (CLS 0). It renders nothing on the
 *  server and until the page knows there is no stored choice, so a returning shopper
 *  never sees it flash. Focus moves to it when it opens and back where it was when the
 *  shopper chooses; both buttons are plain buttons (Tab, Enter, Space). */
export function ConsentBanner({ site }: { site: SiteView }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const before = useRef<Element | null>(null);
  const title = useId();
  const text = useId();
  const ids = site.analytics;

  useEffect(() => {
    setAnalyticsDealer(site);
    const stored = startConsent(ids);
    if (stored === null && hasTags(ids)) setOpen(true);
  }, [site, ids]);

  useEffect(() => {
    if (!open) return;
    before.current = document.activeElement;
    box.current?.focus();
  }, [open]);

  function decide(choice: ConsentChoice) {
    choose(choice, ids);
    setOpen(false);
    const back = before.current;
    if (back instanceof HTMLElement && back !== document.body) back.focus();
  }

  if (!open) return null;
  return (
    <div
      ref={box}
      className="consent-banner"
      role="dialog"
      aria-modal="false"
      aria-labelledby={title}
      aria-describedby={text}
      tabIndex={-1}
    >
      <h2 id={title} className="consent-banner__title">
        Cookies on {site.name}
      </h2>
      <p id={text} className="consent-banner__text">
        With your consent we use analytics and advertising cookies to see how the site is used and
        which ads work. Reject keeps only what the site needs to run.
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="button" onClick={() => decide('granted')}>
          Accept
        </button>
        <button type="button" className="button button--secondary" onClick={() => decide('denied')}>
          Reject
        </button>
      </div>
    </div>
  );
}
