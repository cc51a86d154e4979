// What the journey page works out from the API's journey: each step's status, the live
// repayment preview of the finance step (the car calculator's arithmetic, loanFigures, on
// the balance the API summarised), and the field messages of a refused save by step.
import type { Schemas } from '../../api/client';
import type { PaymentFrequency } from '../../types/generated/PaymentFrequency';
import { loanFigures, type LoanBasis } from '../finance/calculator-state';

export type Journey = Schemas['JourneyView'];
export type StepKey = 'finance' | 'trade_in' | 'delivery';

/** Where a step stands, as its heading says. */
type StepStatus = 'done' | 'skipped' | 'to_do';

export const STATUS_LABEL: Record<StepStatus, string> = {
  done: 'Done',
  skipped: 'Skipped for now',
  to_do: 'To do',
};

/** The status of `step` in `journey`. */
export function stepStatus(journey: Journey, step: StepKey): StepStatus {
  const chosen = journey[step];
  if (!chosen) return 'to_do';
  return chosen.choice === 'skipped' ? 'skipped' : 'done';
}

/** The finance figures the shopper is editing, and the final payment they come with. */
export interface FinanceFigures {
  deposit: number;
  termYears: number;
  rate: number;
  frequency: PaymentFrequency;
  /** Final (balloon) payment, AUD: the car calculator's. */
  balloon: number;
}

/** A car without a calculator: a loan without fees. */
export const NO_FEES: LoanBasis = {
  establishment_fee: 0,
  round_up: false,
  comparison_upfront_fees: 0,
  comparison_monthly_fees: 0,
  lender_rate: null,
};

/** The repayment and comparison rate of `figures` on `balance` (what is left to pay), as
 *  the car page's calculator (`basis`) works them out. */
export function previewRepayment(
  balance: number | null | undefined,
  figures: FinanceFigures,
  basis: LoanBasis,
): { repayment: number; comparisonRate: number } | null {
  if (balance === null || balance === undefined) return null;
  return loanFigures(basis, {
    amount: balance,
    deposit: figures.deposit,
    trade_in: 0,
    balloon: figures.balloon,
    rate: figures.rate,
    term_years: figures.termYears,
    frequency: figures.frequency,
  });
}

/** Loan terms the step offers: 1 to 7 years in half years. */
export const TERMS: number[] = Array.from({ length: 13 }, (_, i) => 1 + i * 0.5);

/** The field messages of one step (`finance.rate` becomes `rate` under `finance`). */
export function fieldsOf(
  fields: Record<string, unknown> | null | undefined,
  step: StepKey,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (name.startsWith(`${step}.`) && typeof message === 'string')
      out[name.slice(step.length + 1)] = message;
  }
  return out;
}

/** "per week", "per fortnight", "per month". */
export function perFrequency(frequency: PaymentFrequency): string {
  return `per ${frequency}`;
}
