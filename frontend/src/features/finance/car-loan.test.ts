// The calculator opens on the car's loan (domain::rules::finance::CarLoan): built as Rust
// builds its view from a case of domain/tests/data/car_loan_cases.json (the table the Rust
// test `car_loans_match_the_shared_table` reads), its first repayment and comparison rate
// are the case's, the figures every other part of the car page shows.
import { describe, expect, it } from 'vitest';
import { calculate, calculatorReducer, initialState } from './calculator-state';
import { calculatorView } from '../../testing/finance-views';
import { caseTable } from '../../testing/case-table';

type Expected = {
  rate: number;
  comparison_rate: number;
  term_years: number;
  deposit: number;
  balloon: number;
  establishment_fee: number;
  upfront_fees: number;
  monthly_fees: number;
  from_lender: boolean;
  weekly: number;
  estimate_weekly: number;
};
type Case = {
  note: string;
  price: number;
  terms: { round_up?: boolean; interest_locked?: boolean };
  expected: Expected;
};
const table: { cases: Case[] } = caseTable('car_loan_cases.json');

/** `finance_calculator_view` of a car page whose loan is the case's. */
function viewOf(c: Case) {
  const e = c.expected;
  const base = calculatorView();
  const money = (d: number) => ({ min: 0, max: 250_000, step: 0.5, default: d });
  return calculatorView({
    ranges: {
      ...base.ranges,
      purchase_price: { min: 1000, max: 250_000, step: 1, default: c.price },
      loan_amount: { min: 1000, max: 250_000, step: 500, default: c.price },
      term_years: { min: 1, max: 7, step: 0.5, default: e.term_years },
      interest: c.terms.interest_locked
        ? { min: e.rate, max: e.rate, step: 0.5, default: e.rate }
        : { min: 0.5, max: 20, step: 0.5, default: e.rate },
      interest_locked: c.terms.interest_locked ?? false,
      deposit: money(e.deposit),
      residual: money(e.balloon),
    },
    establishment_fee: e.establishment_fee,
    round_up: c.terms.round_up ?? false,
    comparison_upfront_fees: e.upfront_fees,
    comparison_monthly_fees: e.monthly_fees,
    lender_rate: e.from_lender ? { rate: e.rate, comparison_rate: e.comparison_rate } : null,
  });
}

describe('the calculator opens on the car loan (shared table with CarLoan::of)', () => {
  it('has cases', () => expect(table.cases.length).toBeGreaterThanOrEqual(6));
  for (const c of table.cases) {
    it(c.note, () => {
      const view = viewOf(c);
      const result = calculate(view, initialState(view));
      expect(result.repayment).toBeCloseTo(c.expected.weekly, 9);
      // The opening repayment is the estimate box's figure, not a second one.
      expect(result.repayment).toBeCloseTo(c.expected.estimate_weekly, 9);
      expect(view.ranges.term_years.default).toBe(5);
      expect(view.ranges.deposit.default).toBeCloseTo(c.price * 0.1, 6);
      expect(view.ranges.residual.default).toBeCloseTo(c.price * 0.3, 6);
      expect(result.rate).toBe(c.expected.rate);
      expect(result.comparisonRate).toBeCloseTo(c.expected.comparison_rate, 9);
    });
  }

  it("shows the lender's comparison rate only at the lender's rate, and counts the fees elsewhere", () => {
    const c = table.cases.find((x) => x.expected.from_lender && x.expected.upfront_fees > 0)!;
    const view = viewOf(c);
    const moved = calculatorReducer(view)(initialState(view), { type: 'interest', value: 10 });
    const result = calculate(view, moved);
    expect(result.rate).toBe(10);
    expect(result.comparisonRate).toBeGreaterThan(10);
    const back = calculatorReducer(view)(moved, { type: 'interest', value: c.expected.rate });
    // Back on a 0.5 step the lender's rate may not be reachable; where it is, its own figure returns.
    if (back.interest === c.expected.rate)
      expect(calculate(view, back).comparisonRate).toBe(c.expected.comparison_rate);
  });
});
