// Numbers as the site writes them (en-AU). The formatters are made once: a
// toLocaleString call with options builds a new Intl.NumberFormat each time, which
// costs more than the rest of a price's rendering.

const WHOLE = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-AU', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A whole number with thousand separators: 45000 gives "45,000". */
export function formatWhole(value: number): string {
  return WHOLE.format(value);
}

/** Thousand separators without the "$" (the input shows it as a prefix): 45990 gives
 *  "45,990", 1234.5 gives "1,234.50". */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? WHOLE.format(amount) : CENTS.format(amount);
}

/** Dollars as shown: whole dollars without cents, otherwise to the cent ("$141.73",
 *  "$1,200"). */
export function formatDollars(amount: number): string {
  return `$${formatAmount(Math.round(amount * 100) / 100)}`;
}
