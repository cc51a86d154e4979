// How the search widgets write numbers.
import { formatWhole } from '../../lib/number-format';
import type { RangeUnit } from '../../types/generated/RangeUnit';
import { MESSAGES } from '../../types/generated/messages';

/** A range value as shown: "$12,000", "$120/wk", "$150 / week" (a subscription price),
 *  "12,000 km" or "2019". */
export function formatRangeValue(unit: RangeUnit, value: number): string {
  switch (unit) {
    case 'dollars':
      return `$${formatWhole(value)}`;
    case 'dollars_per_week':
      return `$${formatWhole(value)}${MESSAGES.PER_WEEK_SHORT}`;
    case 'subscription_per_week':
      return `$${formatWhole(value)} ${MESSAGES.PER_WEEK}`;
    case 'km':
      return `${formatWhole(value)} km`;
    case 'plain':
      return String(Math.round(value));
  }
}

/** A range value as typed in its number input: separators for money and km. */
export function inputText(unit: RangeUnit, value: number): string {
  return unit === 'plain' ? String(Math.round(value)) : formatWhole(value);
}

/** A typed number with dollar signs, commas, spaces and a km suffix removed (seed 001
 *  s7); NaN when it is not a number. */
export function parseTyped(text: string): number {
  const cleaned = text.replace(/[$,\s]|km$/gi, '');
  if (cleaned === '' || !/^-?\d*\.?\d+$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}
