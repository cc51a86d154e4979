import { useId, useRef } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { ModalDialog } from '../../components/modal-dialog';
import type { FinanceEstimateView } from '../../types/generated/FinanceEstimateView';
import { MESSAGES } from '../../types/generated/messages';
import { ComparisonRateNote } from '../../components/comparison-rate-note';
import { FinanceFigures, comparisonFigure, interestFigure, type Figure } from './finance-figures';
import { formatDollars } from './finance-math';
import './finance.css';

type FinanceEstimateProps = {
  /** From the Rust view model (`domain::view::finance::finance_estimate_view`). */
  estimate: FinanceEstimateView;
  /** Where 'Enquire for Finance' links to; plain text when absent. */
  enquireHref?: string;
  /** Heading level of the box's title. */
  headingLevel?: 2 | 3;
  /** Print the comparison rate warning under the figures: on when the box holds the
   *  page's first rate (the warning is printed once per page). */
  rateNote?: boolean;
};

/** The finance-estimate box (seed 001 s2/s9): weekly and monthly (weekly × 4.33)
 *  repayments over 5 years with a 10.0% deposit and a 30% final payment, the interest and
 *  comparison rates beside them with the comparison rate warning, and a View disclaimer
 *  button opening a modal dialog (focus moves into it, Escape or Close shut it, focus
 *  returns to the button). */
export function FinanceEstimate({
  estimate,
  enquireHref,
  headingLevel = 2,
  rateNote = true,
}: FinanceEstimateProps) {
  const closer = useRef<HTMLButtonElement>(null);
  const modal = useModalDialog(closer);
  const { show, close, opener } = modal;
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const repayments: Figure[] = estimate.enquire
    ? [
        {
          key: 'repayment',
          label: 'Weekly repayment',
          value: MESSAGES.ENQUIRE_FOR_FINANCE,
          href: enquireHref,
        },
      ]
    : [
        {
          key: 'repayment',
          label: 'Weekly repayment',
          value: formatDollars(estimate.weekly),
          unit: 'per week',
        },
        {
          key: 'monthly',
          label: 'Monthly repayment',
          value: formatDollars(estimate.monthly),
          unit: 'per month',
        },
      ];
  const figures = [
    ...repayments,
    interestFigure(estimate.rate),
    comparisonFigure(estimate.comparison_rate),
  ];

  return (
    <section
      className="finance-estimate"
      aria-labelledby={`${id}-title`}
      data-finance-figure="estimate"
    >
      <Heading id={`${id}-title`} className="finance-estimate__title">
        Finance estimate
      </Heading>
      {/* The box's assumptions (seed 001 s9) are the basis of every repayment of the car,
          so they sit right under its title, before its figures, marked for the e2e check
          that no repayment on a car page stands unexplained. */}
      <p className="finance-estimate__basis" data-finance-assumptions="">
        {estimate.assumptions}
      </p>
      <FinanceFigures figures={figures} />
      {rateNote ? <ComparisonRateNote /> : null}
      <button
        ref={opener}
        type="button"
        className="link-button"
        aria-haspopup="dialog"
        onClick={show}
      >
        {MESSAGES.VIEW_DISCLAIMER}
      </button>
      <ModalDialog modal={modal} className="finance-dialog" labelledBy={`${id}-dialog-title`}>
        <h2 id={`${id}-dialog-title`} className="finance-dialog__title">
          Finance disclaimer
        </h2>
        <p>{estimate.disclaimer}</p>
        <div className="finance-dialog__actions">
          <button ref={closer} type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}
