// Calculator and estimate views as the Rust side derives them for the tests.
import type { FinanceCalculatorView } from '../types/generated/FinanceCalculatorView';
import type { FinanceEstimateView } from '../types/generated/FinanceEstimateView';

const money = { min: 0, max: 250_000, step: 0.5, default: 0 };
const longDisclaimer =
  'This calculator gives an estimate only and is not an offer or approval of credit. Repayments are calculated on the purchase price less any deposit and trade-in, at the interest rate and over the term you choose, with any residual paid with the last repayment.';

/** `finance_calculator_view` of a dealer with every default (no car). */
export function calculatorView(
  overrides: Partial<FinanceCalculatorView> = {},
): FinanceCalculatorView {
  return {
    anchor_id: 'finance-calculator',
    ranges: {
      purchase_price: { min: 1000, max: 250_000, step: 1, default: 30_000 },
      loan_amount: { min: 1000, max: 250_000, step: 500, default: 30_000 },
      term_years: { min: 1, max: 7, step: 0.5, default: 6 },
      interest: { min: 0.5, max: 15, step: 0.5, default: 8.5 },
      deposit: money,
      trade_in: money,
      residual: money,
      interest_locked: false,
      purchase_price_message: 'Cannot be less than $1,000 or more than $250,000',
    },
    interest_hidden: false,
    term_display_months: false,
    frequency: 'week',
    establishment_fee: 0,
    round_up: false,
    quick_picks: [5000, 10000, 20000, 30000, 40000, 50000, 60000, 70000],
    comparison_upfront_fees: 0,
    comparison_monthly_fees: 0,
    lender_rate: null,
    disclaimer: longDisclaimer,
    disclaimer_short: { text: `${longDisclaimer.slice(0, 197).trimEnd()}...`, truncated: true },
    ...overrides,
  };
}

/** `finance_estimate_view` of a $50,000 car at 8.5% (the Rust test's numbers). */
export function estimateView(overrides: Partial<FinanceEstimateView> = {}): FinanceEstimateView {
  return {
    price: 50_000,
    weekly: 166.25,
    monthly: 719.86,
    enquire: false,
    rate: 8.5,
    comparison_rate: 9.06,
    term_years: 5,
    deposit_percent: 10,
    deposit: 5000,
    final_payment_percent: 30,
    final_payment: 15_000,
    assumptions: 'Over 5 years with a 10% deposit ($5,000) and a 30% final payment ($15,000)',
    disclaimer:
      'Estimated repayments of $166.25 per week are based on a price of $50,000, a 5 year term, a 10.0% deposit and a 30% final payment.',
    ...overrides,
  };
}
