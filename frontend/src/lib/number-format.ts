// Numbers as the site writes them (en-AU: "," between thousands, "." before cents).
// Written out rather than with Intl.NumberFormat: making the first formatter loads the
// locale's data, a task of tens of milliseconds on a phone that every page paid while
// it hydrated, for a format this small.

/** Digits with "," between each group of three: "45000" gives "45,000". */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `value` to `places` decimals, half away from zero, with thousand separators. As Intl
 *  does, this rounds the number as it is written (1.005 to 1.01), not its binary value
 *  (1.00499…), by shifting the written digits. */
function format(value: number, places: 0 | 2): string {
  if (!Number.isFinite(value)) return String(value);
  const written = String(Math.abs(value));
  const digits = written.includes('e')
    ? Math.abs(value).toFixed(places).replace('.', '')
    : String(Math.round(Number(`${written}e${places}`))).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places === 0 ? grouped(whole) : `${grouped(whole)}.${digits.slice(-places)}`;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A whole number with thousand separators: 45000 gives "45,000". */
export function formatWhole(value: number): string {
  return format(value, 0);
}

/** Thousand separators without the "$" (the input shows it as a prefix): 45990 gives
 *  "45,990", 1234.5 gives "1,234.50". */
export function formatAmount(amount: number): string {
  return format(amount, Number.isInteger(amount) ? 0 : 2);
}

/** Dollars as shown: whole dollars without cents, otherwise to the cent ("$141.73",
 *  "$1,200"). */
export function formatDollars(amount: number): string {
  return `$${formatAmount(Math.round(amount * 100) / 100)}`;
}
