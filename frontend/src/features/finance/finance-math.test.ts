import { caseTable } from '../../testing/case-table';
import { describe, expect, it } from 'vitest';
import type { PaymentFrequency } from '../../types/generated/PaymentFrequency';
import { PAYMENTS_PER_YEAR } from '../../types/generated/constants';
import {
  clampToRange,
  comparisonRate,
  formatAmount,
  formatDollars,
  nonNegative,
  parseMoney,
  repayment,
  snapToStep,
  type RepaymentInput,
} from './finance-math';

// The table the Rust tests read too (domain/tests/rules_finance.rs).
type Table = {
  frequencies: Record<PaymentFrequency, number>;
  cases: (RepaymentInput & { note: string; expected: number })[];
  comparison_rate_cases: {
    note: string;
    annual_rate_percent: number;
    upfront_fees: number;
    monthly_fees: number;
    expected: number;
  }[];
};
const table: Table = caseTable('repayment_cases.json');

describe('repayment (shared table with domain::rules::finance::repayment)', () => {
  it('has the Rust side frequencies', () => {
    expect(PAYMENTS_PER_YEAR).toEqual(table.frequencies);
  });

  it.each(table.cases.map((c) => [c.note, c] as const))('%s', (_note, c) => {
    expect(Math.abs(repayment(c) - c.expected)).toBeLessThan(0.005);
  });
});

describe('comparisonRate (shared table with domain::rules::finance::comparison_rate)', () => {
  it('has at least a dozen cases', () => {
    expect(table.comparison_rate_cases.length).toBeGreaterThanOrEqual(12);
  });

  it.each(table.comparison_rate_cases.map((c) => [c.note, c] as const))('%s', (_note, c) => {
    expect(comparisonRate(c.annual_rate_percent, c.upfront_fees, c.monthly_fees)).toBe(c.expected);
  });

  it('gives NaN for non-finite input', () => {
    expect(comparisonRate(Number.NaN, 0, 0)).toBeNaN();
  });
});

describe('ranges and money text', () => {
  const term = { min: 1, max: 7, step: 0.5, default: 6 };
  it('clamps out-of-range values and snaps to the step', () => {
    expect(clampToRange(term, 0.5)).toBe(1);
    expect(clampToRange(term, 9)).toBe(7);
    expect(clampToRange(term, Number.NaN)).toBe(6);
    expect(snapToStep(term, 3.3)).toBe(3.5);
    expect(snapToStep(term, 3.2)).toBe(3);
    expect(snapToStep({ min: 9.95, max: 19.95, step: 0.5, default: 9.95 }, 10.5)).toBe(10.45);
    expect(nonNegative(-100)).toBe(0);
    expect(nonNegative(250)).toBe(250);
  });

  it('reads and writes dollars with thousand separators', () => {
    expect(parseMoney('$45,990')).toBe(45990);
    expect(parseMoney('1,234.5')).toBe(1234.5);
    expect(parseMoney('')).toBe(0);
    expect(parseMoney('-500')).toBe(-500);
    expect(parseMoney('abc')).toBeNaN();
    expect(formatAmount(250000)).toBe('250,000');
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatDollars(141.73)).toBe('$141.73');
    expect(formatDollars(616)).toBe('$616');
  });
});
