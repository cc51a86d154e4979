// The calculator's interactive arithmetic. repayment and comparisonRate mirror the Rust
// rules of domain/src/rules/finance.rs, both tested on domain/tests/data/repayment_cases.json;
// clampToRange mirrors InputRange::clamp; nonNegative and the calculator's Enquire for
// Finance check run only here (domain/tests/data/calculator_cases.json). The ranges,
// defaults and messages themselves come from Rust as props.
import {
  COMPARISON_LOAN_AMOUNT,
  COMPARISON_TERM_MONTHS,
  PAYMENTS_PER_YEAR,
} from '../../types/generated/constants';
import type { InputRange } from '../../types/generated/InputRange';
import type { PaymentFrequency } from '../../types/generated/PaymentFrequency';
const COMPARISON_TOLERANCE = 1e-7;

/** Inputs of one repayment (the fields of Rust's `RepaymentInput`). */
export type RepaymentInput = {
  amount: number;
  deposit: number;
  trade_in: number;
  establishment_fees: number;
  balloon: number;
  rate: number;
  term_years: number;
  frequency: PaymentFrequency;
  round_up: boolean;
};

/** Standard amortisation of (amount − deposit − trade-in) + establishment fees with the
 *  balloon paid at the end; 0 when nothing is financed; to the cent, or up to the whole
 *  dollar when `round_up`. Same as Rust's `repayment`. */
export function repayment(input: RepaymentInput): number {
  const perYear = PAYMENTS_PER_YEAR[input.frequency];
  const net = Math.max(input.amount, 0) - Math.max(input.deposit, 0) - Math.max(input.trade_in, 0);
  const periods = Math.round(input.term_years * perYear);
  if (!(net > 0) || !(periods > 0)) return 0;
  const principal = net + Math.max(input.establishment_fees, 0);
  const balloon = Math.max(input.balloon, 0);
  const r = Math.max(input.rate, 0) / 100 / perYear;
  let payment: number;
  if (r === 0) {
    payment = (principal - balloon) / periods;
  } else {
    const growth = Math.pow(1 + r, periods);
    payment = ((principal - balloon / growth) * r) / (1 - 1 / growth);
  }
  payment = Math.max(payment, 0);
  const cents = Math.round(payment * 100) / 100;
  // Round to the cent first so 123.0000000001 does not become 124.
  return input.round_up ? Math.ceil(cents) : cents;
}

function monthlyPayment(principal: number, annualRatePercent: number, months: number): number {
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / months;
  const growth = Math.pow(1 + r, months);
  return (principal * r * growth) / (growth - 1);
}

/** The comparison rate, percent per annum to 2 decimals: the rate at which a $30,000
 *  loan over 60 months without fees repays as much as $30,000 at `annualRatePercent`
 *  with `upfrontFees` financed and `monthlyFees` added to each payment. Bisection, the
 *  same steps as Rust's `comparison_rate`. */
export function comparisonRate(
  annualRatePercent: number,
  upfrontFees: number,
  monthlyFees: number,
): number {
  if (![annualRatePercent, upfrontFees, monthlyFees].every(Number.isFinite)) return Number.NaN;
  const rate = Math.max(annualRatePercent, 0);
  const target =
    monthlyPayment(
      COMPARISON_LOAN_AMOUNT + Math.max(upfrontFees, 0),
      rate,
      COMPARISON_TERM_MONTHS,
    ) + Math.max(monthlyFees, 0);
  const paymentAt = (r: number) =>
    monthlyPayment(COMPARISON_LOAN_AMOUNT, r, COMPARISON_TERM_MONTHS);
  let lo = rate;
  let hi = Math.max(rate, 1) * 2;
  while (paymentAt(hi) < target && hi < 1e6) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > COMPARISON_TOLERANCE) {
    const mid = (lo + hi) / 2;
    if (paymentAt(mid) < target) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * 100) / 100;
}

/** Seed 001 s5: out-of-range values are clamped (NaN gives the default). */
export function clampToRange(range: InputRange, value: number): number {
  if (Number.isNaN(value)) return range.default;
  return Math.min(Math.max(value, range.min), range.max);
}

/** The nearest value on the range's step grid (counted from its minimum), within the range. */
export function snapToStep(range: InputRange, value: number): number {
  const clamped = clampToRange(range, value);
  if (!(range.step > 0)) return clamped;
  const steps = Math.round((clamped - range.min) / range.step);
  // Round away the binary noise of min + steps × step (e.g. 0.1 + 0.2).
  return clampToRange(range, Math.round((range.min + steps * range.step) * 1e6) / 1e6);
}

/** Seed 001 s5: an amount below 0 becomes 0. */
export function nonNegative(amount: number): number {
  return Number.isNaN(amount) || amount < 0 ? 0 : amount;
}

/** A typed money amount: "$45,990.50" gives 45990.5; empty text gives 0; text with no
 *  number gives NaN. */
export function parseMoney(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return 0;
  return /^-?\d*\.?\d*$/.test(cleaned) && cleaned !== '-' && cleaned !== '.'
    ? Number(cleaned)
    : Number.NaN;
}

export { formatAmount, formatDollars } from '../../lib/number-format';
