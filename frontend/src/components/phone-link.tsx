import { useEffect, useRef, useState } from 'react';
import type { PhoneView } from '../types/generated/PhoneView';

/** The number with its last four digits hidden, e.g. "07 3000 ••••". */
export function maskNumber(display: string): string {
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
 *  `onReveal` runs when a masked number is revealed (seed 000 s4: the reveal is logged);
 *  the revealed link then takes the focus so a keyboard user stays on the number. */
export function PhoneLink({
  phone,
  label,
  onReveal,
}: {
  phone: PhoneView;
  label?: string;
  onReveal?: () => void;
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
    <a ref={link} className="phone-link" href={phone.href}>
      {label ? `${label}: ` : ''}
      {phone.display}
    </a>
  );
}
