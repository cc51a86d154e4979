import { useState } from 'react';
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

/** A phone number: a tel: link, or (masked sites) a button that reveals it first. */
export function PhoneLink({ phone, label }: { phone: PhoneView; label?: string }) {
  const [revealed, setRevealed] = useState(!phone.masked);
  if (!revealed) {
    return (
      <button type="button" className="phone-link phone-link--masked" onClick={() => setRevealed(true)}>
        {label ? `${label}: ` : ''}
        <span aria-hidden="true">{maskNumber(phone.display)}</span>
        <span className="visually-hidden">Show phone number</span>
      </button>
    );
  }
  return (
    <a className="phone-link" href={phone.href}>
      {label ? `${label}: ` : ''}
      {phone.display}
    </a>
  );
}
