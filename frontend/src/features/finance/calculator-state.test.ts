import { describe, expect, it } from 'vitest';
import {
  calculate,
  calculatorReducer,
  initialState,
  termText,
  type CalculatorAction,
} from './calculator-state';
import { ENQUIRE_FOR_FINANCE_THRESHOLD } from '../../types/generated/constants';
import { nonNegative } from './finance-math';
import { calculatorView } from '../../testing/finance-views';
import { caseTable } from '../../testing/case-table';

// domain/tests/rules_finance.rs holds the threshold and the purchase price range and
// message to the ones Rust uses and sends.
type CalculatorTable = {
  enquire_for_finance: { threshold: number; cases: { payment: number; enquire: boolean }[] };
  purchase_price: {
    min: number;
    max: number;
    message: string;
    cases: { price: number; error: boolean }[];
  };
  non_negative: { amount: number; expected: number }[];
};
const table = caseTable('calculator_cases.json') as CalculatorTable;

function run(view = calculatorView(), ...actions: CalculatorAction[]) {
  const reduce = calculatorReducer(view);
  return actions.reduce(reduce, initialState(view));
}

describe('calculator state', () => {
  it('starts at the defaults of the view model', () => {
    const state = run();
    expect(state.values).toEqual({ amount: 30_000, deposit: 0, trade_in: 0, residual: 0 });
    expect(state.texts.amount).toBe('30,000');
    expect([state.termYears, state.interest, state.frequency]).toEqual([6, 8.5, 'week']);
  });

  it('shows the purchase price message outside the range and computes on the clamped amount', () => {
    const low = run(undefined, { type: 'type', field: 'amount', text: '500' });
    expect(low.amountError).toBe('Cannot be less than $1,000 or more than $250,000');
    expect(low.values.amount).toBe(1000);
    const high = run(undefined, { type: 'type', field: 'amount', text: '$300,000' });
    expect(high.amountError).toBe('Cannot be less than $1,000 or more than $250,000');
    expect(high.values.amount).toBe(250_000);
    const back = run(
      undefined,
      { type: 'type', field: 'amount', text: '300000' },
      { type: 'type', field: 'amount', text: '45,990' },
    );
    expect(back.amountError).toBeNull();
    expect(back.values.amount).toBe(45_990);
    // One provider or brand: the minimum is 5000, and the message says so.
    const raised = calculatorView();
    raised.ranges = {
      ...raised.ranges,
      purchase_price: { ...raised.ranges.purchase_price, min: 5000 },
      purchase_price_message: 'Cannot be less than $5,000 or more than $250,000',
    };
    expect(run(raised, { type: 'type', field: 'amount', text: '4999' }).amountError).toBe(
      'Cannot be less than $5,000 or more than $250,000',
    );
  });

  it('turns an amount below 0 into 0 and formats on leaving the input', () => {
    const negative = run(
      undefined,
      { type: 'type', field: 'deposit', text: '-500' },
      { type: 'commit', field: 'deposit' },
    );
    expect(negative.values.deposit).toBe(0);
    expect(negative.texts.deposit).toBe('0');
    const clamped = run(
      undefined,
      { type: 'type', field: 'amount', text: '500' },
      { type: 'commit', field: 'amount' },
    );
    expect([clamped.texts.amount, clamped.amountError]).toEqual(['1,000', null]);
    const typed = run(
      undefined,
      { type: 'type', field: 'amount', text: '45990' },
      { type: 'commit', field: 'amount' },
    );
    expect(typed.texts.amount).toBe('45,990');
    const emptied = run(undefined, { type: 'type', field: 'amount', text: 'abc' });
    expect([emptied.values.amount, emptied.texts.amount, emptied.amountError]).toEqual([
      30_000,
      '',
      null,
    ]);
    expect(
      run(
        undefined,
        { type: 'type', field: 'amount', text: '' },
        { type: 'commit', field: 'amount' },
      ).texts.amount,
    ).toBe('30,000');
    expect(
      run(
        undefined,
        { type: 'type', field: 'trade_in', text: '5000' },
        { type: 'type', field: 'trade_in', text: '' },
      ).values.trade_in,
    ).toBe(0);
  });

  it('clamps deposit, trade-in and residual to 0..250000 on the 0.5 step', () => {
    const state = run(
      undefined,
      { type: 'type', field: 'deposit', text: '300000' },
      { type: 'type', field: 'trade_in', text: '1234.3' },
      { type: 'type', field: 'residual', text: '99.74' },
    );
    expect(state.values).toMatchObject({ deposit: 250_000, trade_in: 1234.5, residual: 99.5 });
  });

  it('keeps term and interest within their ranges and on the step', () => {
    expect(run(undefined, { type: 'term', value: 9 }).termYears).toBe(7);
    expect(run(undefined, { type: 'term', value: 0 }).termYears).toBe(1);
    expect(run(undefined, { type: 'term', value: 4.3 }).termYears).toBe(4.5);
    expect(run(undefined, { type: 'interest', value: 22 }).interest).toBe(15);
    expect(run(undefined, { type: 'interest', value: 0.1 }).interest).toBe(0.5);
    const locked = calculatorView();
    locked.ranges = {
      ...locked.ranges,
      interest: { min: 12.94, max: 12.94, step: 0.5, default: 12.94 },
      interest_locked: true,
    };
    expect(run(locked, { type: 'interest', value: 5 }).interest).toBe(12.94);
  });

  it('computes the repayment per frequency, Enquire for Finance at 25 or less, and the comparison rate', () => {
    const view = calculatorView();
    const at = (...actions: CalculatorAction[]) =>
      calculate(view, run(view, { type: 'term', value: 5 }, ...actions));
    expect(at().repayment).toBe(141.73);
    expect(at({ type: 'frequency', value: 'fortnight' }).repayment).toBe(283.64);
    expect(at({ type: 'frequency', value: 'month' }).repayment).toBe(615.5);
    expect(at().comparisonRate).toBe(8.5);
    const covered = at({ type: 'type', field: 'deposit', text: '30000' });
    expect(covered).toMatchObject({ repayment: 0, enquire: true });
    const small = at({ type: 'type', field: 'amount', text: '1000' });
    expect(small.repayment).toBeLessThanOrEqual(25);
    expect(small.enquire).toBe(true);
    expect(at().enquire).toBe(false);
    const fees = calculatorView({ comparison_upfront_fees: 395, establishment_fee: 395 });
    expect(calculate(fees, initialState(fees)).comparisonRate).toBe(9.06);
  });

  it('shows the term in years or months', () => {
    expect(termText(6, false)).toBe('6 years');
    expect(termText(1, false)).toBe('1 year');
    expect(termText(5.5, false)).toBe('5.5 years');
    expect(termText(5.5, true)).toBe('66 months');
  });
});

describe('calculator checks (domain/tests/data/calculator_cases.json)', () => {
  it.each(table.enquire_for_finance.cases.map((c) => [c.payment, c] as const))(
    'a repayment of %s shows Enquire for Finance only at the threshold or less',
    (_payment, c) => {
      expect(ENQUIRE_FOR_FINANCE_THRESHOLD).toBe(table.enquire_for_finance.threshold);
      expect(c.payment <= ENQUIRE_FOR_FINANCE_THRESHOLD).toBe(c.enquire);
    },
  );

  it.each(table.purchase_price.cases.map((c) => [c.price, c] as const))(
    'a purchase price of %s is checked against the range',
    (_price, c) => {
      const view = calculatorView();
      const { min, max, message } = table.purchase_price;
      view.ranges = {
        ...view.ranges,
        purchase_price: { ...view.ranges.purchase_price, min, max },
        purchase_price_message: message,
      };
      const typed = run(view, { type: 'type', field: 'amount', text: String(c.price) });
      expect(typed.amountError).toBe(c.error ? message : null);
    },
  );

  it.each(table.non_negative.map((c) => [c.amount, c] as const))(
    'an amount of %s is at least 0',
    (_amount, c) => {
      expect(nonNegative(c.amount)).toBe(c.expected);
    },
  );

  it('treats an amount that is not a number as 0', () => {
    expect(nonNegative(Number.NaN)).toBe(0);
  });
});
