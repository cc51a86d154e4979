import { describe, expect, it } from 'vitest';
import { formatAmount, formatDollars, formatWhole } from './number-format';

const whole = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-AU', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('number format', () => {
  it('writes what en-AU Intl.NumberFormat writes, without loading it', () => {
    // A fixed pseudo-random sweep over magnitudes, signs and fractions.
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const values = [0, 1, 999, 1000, 45_990, 1_234_567, 0.5, 2.5, -2.5, 1.005, 999.995, -1234.5];
    for (let i = 0; i < 2000; i++) {
      const value = (next() - 0.2) * 10 ** Math.floor(next() * 10);
      values.push(value, Math.round(value), Math.round(value * 100) / 100);
    }
    // Except that what rounds to nothing is "0", never Intl's "-0".
    const intl = (format: Intl.NumberFormat, value: number) =>
      format.format(value).replace(/^-(?=0(\.00)?$)/, '');
    for (const value of values) {
      expect(formatWhole(value), String(value)).toBe(intl(whole, value));
      const amount = intl(Number.isInteger(value) ? whole : cents, value);
      expect(formatAmount(value), String(value)).toBe(amount);
    }
    expect(formatWhole(-0.4)).toBe('0');
  });

  it('writes dollars whole, or to the cent', () => {
    expect(formatDollars(1200)).toBe('$1,200');
    expect(formatDollars(141.734)).toBe('$141.73');
    expect(formatDollars(45990)).toBe('$45,990');
    expect(formatWhole(1234567)).toBe('1,234,567');
    expect(formatAmount(1234.5)).toBe('1,234.50');
  });
});
