import { useEffect, useRef, useState } from 'react';
import type { PhoneView } from '../types/generated/PhoneView';
import { EVENT_PHONE_CLICK, trackEvent, type AnalyticsCar } from '../lib/analytics';

/** The number with its last four digits hidden, e.g. "07 3000 ••••". */
function maskNumber(display: string): string {
  let hidden = 0;
  const chars = display.split('');
  for (let i = chars.length - 1; i >= 0 && hidden < 4; i -= 1) {
    if (/\d/.test(chars[i] ?? '')) {
      chars[i] = '•';
      hidden += 1;
    }
  }
  return chars.join('');
}

/** A phone number: a tel: link, or (masked sites) a button that reveals it first.
 *  Every click on it, the reveal and the call alike, sends analytics event 25 (seed 000
 *  s7 "25 on phone click"), about `car` where the number is a car's; on sites that show
 *  numbers unmasked the call is the only click there is. `onReveal` runs when a masked
 *  number is revealed (seed 000 s4: the reveal is logged); the revealed link then takes
 *  the focus so a keyboard user stays on the number. */
export function PhoneLink({
  phone,
  label,
  onReveal,
  car,
}: {
  phone: PhoneView;
  label?: string;
  onReveal?: () => void;
  car?: AnalyticsCar;
}) {
  const [revealed, setRevealed] = useState(!phone.masked);
  const [focusLink, setFocusLink] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focusLink) link.current?.focus();
  }, [focusLink]);
  if (!revealed) {
    return (
      <button
        type="button"
        className="phone-link phone-link--masked"
        onClick={() => {
          setRevealed(true);
          setFocusLink(true);
          trackEvent(EVENT_PHONE_CLICK, car);
          onReveal?.();
        }}
      >
        {label ? `${label}: ` : ''}
        <span aria-hidden="true">{maskNumber(phone.display)}</span>
        <span className="visually-hidden">Show phone number</span>
      </button>
    );
  }
  return (
    <a
      ref={link}
      className="phone-link"
      href={phone.href}
      onClick={() => trackEvent(EVENT_PHONE_CLICK, car)}
    >
      {label ? `${label}: ` : ''}
      {phone.display}
    </a>
  );
}
