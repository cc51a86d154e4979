// The finance calculator's state and its transitions, kept apart from React so each rule
// (clamping, step, the purchase price message, Enquire for Finance) is tested on its own.
// Ranges, defaults and the message come from the Rust view model (FinanceCalculatorView).
import type { FinanceCalculatorView } from '../../types/generated/FinanceCalculatorView';
import type { InputRange } from '../../types/generated/InputRange';
import type { PaymentFrequency } from '../../types/generated/PaymentFrequency';
import { ENQUIRE_FOR_FINANCE_THRESHOLD } from '../../types/generated/constants';
import {
  clampToRange,
  comparisonRate,
  formatAmount,
  nonNegative,
  parseMoney,
  repayment,
  snapToStep,
} from './finance-math';

/** The money inputs: the purchase price and the amounts taken off it or left at the end. */
export type MoneyField = 'amount' | 'deposit' | 'trade_in' | 'residual';

type CalculatorState = {
  /** The values the repayment is computed on (always within their ranges). */
  values: Record<MoneyField, number>;
  /** What each money input shows (as typed until it loses focus, then formatted). */
  texts: Record<MoneyField, string>;
  /** The purchase price message while the typed amount is out of range (until the input
   *  is left and shows the clamped amount). */
  amountError: string | null;
  termYears: number;
  interest: number;
  frequency: PaymentFrequency;
};

export type CalculatorAction =
  | { type: 'type'; field: MoneyField; text: string }
  | { type: 'commit'; field: MoneyField }
  | { type: 'set'; field: MoneyField; value: number }
  | { type: 'term'; value: number }
  | { type: 'interest'; value: number }
  | { type: 'frequency'; value: PaymentFrequency };

function rangeOf(view: FinanceCalculatorView, field: MoneyField): InputRange {
  switch (field) {
    case 'amount':
      return view.ranges.purchase_price;
    case 'deposit':
      return view.ranges.deposit;
    case 'trade_in':
      return view.ranges.trade_in;
    case 'residual':
      return view.ranges.residual;
  }
}

/** The starting state: every default of the view model. */
export function initialState(view: FinanceCalculatorView): CalculatorState {
  const amount = view.ranges.loan_amount.default;
  const { deposit, trade_in, residual } = view.ranges;
  return {
    values: {
      amount,
      deposit: deposit.default,
      trade_in: trade_in.default,
      residual: residual.default,
    },
    texts: {
      amount: formatAmount(amount),
      deposit: formatAmount(deposit.default),
      trade_in: formatAmount(trade_in.default),
      residual: formatAmount(residual.default),
    },
    amountError: null,
    termYears: view.ranges.term_years.default,
    interest: view.ranges.interest.default,
    frequency: view.frequency,
  };
}

/** A money value entered by the shopper: below 0 becomes 0; the purchase price outside its
 *  range gives the seed's message; the value used is clamped (and on the 0.5 step for
 *  deposit, trade-in and residual). */
function enter(
  state: CalculatorState,
  view: FinanceCalculatorView,
  field: MoneyField,
  raw: number,
): CalculatorState {
  if (Number.isNaN(raw)) return state;
  const range = rangeOf(view, field);
  const amount = nonNegative(raw);
  const value = field === 'amount' ? clampToRange(range, amount) : snapToStep(range, amount);
  const next = { ...state, values: { ...state.values, [field]: value } };
  if (field === 'amount') {
    next.amountError =
      amount < range.min || amount > range.max ? view.ranges.purchase_price_message : null;
  }
  return next;
}

export function calculatorReducer(view: FinanceCalculatorView) {
  return (state: CalculatorState, action: CalculatorAction): CalculatorState => {
    switch (action.type) {
      case 'type': {
        // Keep only what a money amount can contain; the "$" is the input's prefix.
        const text = action.text.replace(/[^\d.,-]/g, '');
        // An emptied purchase price is being retyped: keep the last amount until it is.
        const raw = action.field === 'amount' && text === '' ? Number.NaN : parseMoney(text);
        return {
          ...enter(state, view, action.field, raw),
          texts: { ...state.texts, [action.field]: text },
        };
      }
      case 'commit': {
        // Leaving the input shows the clamped value, which is within range: the message goes.
        const texts = { ...state.texts, [action.field]: formatAmount(state.values[action.field]) };
        return {
          ...state,
          texts,
          amountError: action.field === 'amount' ? null : state.amountError,
        };
      }
      case 'set': {
        const next = enter(state, view, action.field, action.value);
        return {
          ...next,
          texts: { ...next.texts, [action.field]: formatAmount(next.values[action.field]) },
        };
      }
      case 'term':
        return { ...state, termYears: snapToStep(view.ranges.term_years, action.value) };
      case 'interest':
        if (view.ranges.interest_locked) return state;
        return { ...state, interest: snapToStep(view.ranges.interest, action.value) };
      case 'frequency':
        return { ...state, frequency: action.value };
    }
  };
}

/** What the result panel shows for a state. */
type CalculatorResult = {
  /** The repayment per period, to the cent (or whole dollar on rounding-up sites). */
  repayment: number;
  /** Seed 001 s5: 25 or less shows 'Enquire for Finance' instead of the amount. */
  enquire: boolean;
  /** The rate the repayment is computed at. */
  rate: number;
  /** The comparison rate of that rate with the dealer's fees. */
  comparisonRate: number;
};

/** One loan of the car's calculator: what the shopper sets, on the calculator's fee,
 *  rounding and comparison rate rule. */
export type CalculatorLoan = {
  amount: number;
  deposit: number;
  trade_in: number;
  balloon: number;
  rate: number;
  term_years: number;
  frequency: PaymentFrequency;
};

/** What the calculator's arithmetic takes from its view beyond the shopper's inputs. */
export type LoanBasis = Pick<
  FinanceCalculatorView,
  | 'establishment_fee'
  | 'round_up'
  | 'comparison_upfront_fees'
  | 'comparison_monthly_fees'
  | 'lender_rate'
>;

/** The comparison rate at `rate`: the lender's own at the lender's rate (the car's loan,
 *  which every other figure of the page quotes), else computed on the loan's fees. Same
 *  rule as Rust's `CarLoan::comparison_rate_at`. */
function comparisonAt(view: LoanBasis, rate: number): number {
  if (view.lender_rate && rate === view.lender_rate.rate) return view.lender_rate.comparison_rate;
  return comparisonRate(rate, view.comparison_upfront_fees, view.comparison_monthly_fees);
}

/** The repayment and comparison rate of `loan` as the car page's calculator works them out
 *  (its establishment fee financed, its rounding, its comparison rate rule): the
 *  calculator's figures and the buy-online journey's, so the two agree. */
export function loanFigures(
  view: LoanBasis,
  loan: CalculatorLoan,
): { repayment: number; comparisonRate: number } {
  return {
    repayment: repayment({
      ...loan,
      establishment_fees: view.establishment_fee,
      round_up: view.round_up,
    }),
    comparisonRate: comparisonAt(view, loan.rate),
  };
}

export function calculate(view: FinanceCalculatorView, state: CalculatorState): CalculatorResult {
  const figures = loanFigures(view, {
    amount: state.values.amount,
    deposit: state.values.deposit,
    trade_in: state.values.trade_in,
    balloon: state.values.residual,
    rate: state.interest,
    term_years: state.termYears,
    frequency: state.frequency,
  });
  return {
    repayment: figures.repayment,
    enquire: figures.repayment <= ENQUIRE_FOR_FINANCE_THRESHOLD,
    rate: state.interest,
    comparisonRate: figures.comparisonRate,
  };
}

/** The term as shown: "6 years", "1 year", "5.5 years", or "66 months" where configured. */
export function termText(years: number, months: boolean): string {
  if (months) {
    const n = Math.round(years * 12);
    return `${n} ${n === 1 ? 'month' : 'months'}`;
  }
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** Frequency wording: the choice and the unit after an amount. */
export const FREQUENCIES: { value: PaymentFrequency; label: string; per: string }[] = [
  { value: 'week', label: 'Weekly', per: 'per week' },
  { value: 'fortnight', label: 'Fortnightly', per: 'per fortnight' },
  { value: 'month', label: 'Monthly', per: 'per month' },
];
