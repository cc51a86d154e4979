import { useEffect, useId, useRef, useState } from 'react';
import type { SiteView } from '../types/generated/SiteView';
import { setAnalyticsDealer } from '../lib/analytics';
import {
  CONSENT_SETTINGS_EVENT,
  choose,
  hasTags,
  startConsent,
  storedConsent,
  type ConsentChoice,
} from '../lib/consent';
import { useFixedEdge } from '../lib/fixed-edge';
import './consent-banner.css';

/** The consent banner of a first visit: a fixed bar over the bottom of the
 *  page, so showing or closing it moves no content (CLS 0). It renders nothing on the
 *  server and until the page knows there is no stored choice, so a returning shopper
 *  never sees it flash. Focus moves to it when it opens and back where it was when the
 *  shopper chooses; both buttons are plain buttons (Tab, Enter, Space). The footer's
 *  Cookie settings reopens it on any page, naming the current choice; Escape then
 *  closes it unchanged. */
export function ConsentBanner({ site }: { site: SiteView }) {
  const [open, setOpen] = useState(false);
  // The choice in force while the banner is open (null on a first visit).
  const [current, setCurrent] = useState<ConsentChoice | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const before = useRef<Element | null>(null);
  const title = useId();
  const text = useId();
  const ids = site.analytics;
  // The page scrolls a focused control clear of the banner, and can scroll its foot above
  // it; the vehicle page's bottom bar sits on top of it.
  useFixedEdge(box, 'bottom', open, '--consent-banner-height');

  useEffect(() => {
    setAnalyticsDealer(site);
    const stored = startConsent(ids);
    if (stored === null && hasTags(ids)) setOpen(true);
  }, [site, ids]);

  useEffect(() => {
    if (!hasTags(ids)) return;
    const reopen = () => {
      setCurrent(storedConsent());
      setOpen(true);
    };
    window.addEventListener(CONSENT_SETTINGS_EVENT, reopen);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, reopen);
  }, [ids]);

  useEffect(() => {
    if (!open) return;
    before.current = document.activeElement;
    box.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    setCurrent(null);
    const back = before.current;
    if (back instanceof HTMLElement && back !== document.body) back.focus();
  }

  function decide(choice: ConsentChoice) {
    choose(choice, ids);
    close();
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
      onKeyDown={(event) => {
        if (event.key === 'Escape' && current !== null) close();
      }}
    >
      {/* On a phone the title runs into the text, so the banner stays within a fifth of
          the screen. */}
      <div className="consent-banner__message">
        <h2 id={title} className="consent-banner__title">
          Cookies on {site.name}
        </h2>{' '}
        <p id={text} className="consent-banner__text">
          With your consent we use analytics and advertising cookies to see how the site is used and
          which ads work. Reject keeps only what the site needs to run.
          {current !== null
            ? ` You have ${current === 'granted' ? 'accepted' : 'rejected'} these cookies; you can change that here.`
            : null}
        </p>
      </div>
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
