import { MESSAGES } from '../types/generated/messages';

/** The footnote mark placed after every comparison rate that points to a
 *  [`ComparisonRateNote`] on the same page. */
export const COMPARISON_RATE_MARK = '*';

/** The prescribed comparison rate warning (National Credit Code s 164) and the example
 *  loan it is calculated on, in the constants' own wording: rendered once, visible
 *  without a click or hover, on every page whose cards or sidebar show a repayment. */
export function ComparisonRateNote() {
  return (
    <p className="comparison-rate-note">
      <span aria-hidden="true">{COMPARISON_RATE_MARK} </span>
      {MESSAGES.COMPARISON_RATE_WARNING} {MESSAGES.COMPARISON_RATE_BASIS}
    </p>
  );
}
