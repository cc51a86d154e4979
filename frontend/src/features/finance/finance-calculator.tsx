import { useEffect, useId, useReducer, useRef } from 'react';
import type { FinanceCalculatorView } from '../../types/generated/FinanceCalculatorView';
import { MESSAGES } from '../../types/generated/messages';
import {
  FREQUENCIES,
  calculate,
  calculatorReducer,
  initialState,
  termText,
  type MoneyField,
} from './calculator-state';
import { Disclaimer } from './disclaimer';
import { ComparisonRateNote } from '../../components/comparison-rate-note';
import { EVENT_CALCULATOR, trackEvent } from '../../lib/analytics';
import { FinanceFigures, comparisonFigure, interestFigure, type Figure } from './finance-figures';
import { formatDollars, parseMoney } from './finance-math';
import { MoneyInput } from './money-input';
import { RangeField } from './range-field';
import './finance.css';

/** Seed 001 s2 anchor of the calculator's lender disclaimer. */
const FINANCE_DISCLAIMER_ID = 'financeDisclaimer';

type FinanceCalculatorProps = {
  /** The dealer's calculator from the Rust view model (`domain::view::finance::finance_calculator_view`). */
  view: FinanceCalculatorView;
  /** Where 'Enquire for Finance' links to (e.g. "#finance-form"); plain text when absent. */
  enquireHref?: string;
  /** Heading level of the panel's title. */
  headingLevel?: 2 | 3;
  /** A URL query parameter whose amount, when present, replaces the default purchase price
   *  after hydration (the finance links carry `vehiclePriceBudget`). */
  amountParam?: string;
  /** Print the comparison rate warning beside the result: on unless another part of the
   *  page already holds the first rate (the warning is printed once per page). */
  rateNote?: boolean;
};

const MONEY_LABELS: Record<Exclude<MoneyField, 'amount'>, string> = {
  deposit: 'Deposit',
  trade_in: 'Trade-in',
  residual: 'Residual (final payment)',
};

/** The finance calculator panel (seed 001 s2/s4/s5/s9), anchored at #finance-calculator:
 *  purchase price with quick picks and a slider, deposit, trade-in, residual, term,
 *  interest (hidden or locked where the dealer says) and frequency; the repayment with
 *  the interest and comparison rates beside it and the comparison rate warning; the
 *  disclaimer with Show More / Show Less. */
export function FinanceCalculator({
  view,
  enquireHref,
  headingLevel = 2,
  amountParam,
  rateNote = true,
}: FinanceCalculatorProps) {
  const [state, update] = useReducer(calculatorReducer(view), view, initialState);
  const id = useId();
  // Seed 001 s7: event 26 on calculator use; once per page, at the shopper's first change
  // (a URL's amount is not use).
  const used = useRef(false);
  const dispatch: typeof update = (action) => {
    if (!used.current) {
      used.current = true;
      trackEvent(EVENT_CALCULATOR);
    }
    update(action);
  };

  useEffect(() => {
    if (!amountParam) return;
    const text = new URLSearchParams(window.location.search).get(amountParam);
    const amount = text === null ? Number.NaN : parseMoney(text);
    if (text !== null && text.trim() !== '' && !Number.isNaN(amount))
      update({ type: 'set', field: 'amount', value: amount });
  }, [amountParam]);

  const result = calculate(view, state);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const frequency = FREQUENCIES.find((f) => f.value === state.frequency) ?? FREQUENCIES[0]!;
  const { ranges } = view;

  const repaymentFigure: Figure = result.enquire
    ? {
        key: 'repayment',
        label: `${frequency.label} repayment`,
        value: MESSAGES.ENQUIRE_FOR_FINANCE,
        href: enquireHref,
      }
    : {
        key: 'repayment',
        label: `${frequency.label} repayment`,
        value: formatDollars(result.repayment),
        unit: frequency.per,
      };
  const figures = [
    repaymentFigure,
    ...(view.interest_hidden ? [] : [interestFigure(result.rate)]),
    comparisonFigure(result.comparisonRate),
  ];

  const money = (field: Exclude<MoneyField, 'amount'>) => (
    <MoneyInput
      id={`${id}-${field}`}
      label={MONEY_LABELS[field]}
      text={state.texts[field]}
      onText={(text) => dispatch({ type: 'type', field, text })}
      onCommit={() => dispatch({ type: 'commit', field })}
    />
  );

  return (
    <section
      id={view.anchor_id}
      className="finance-calculator"
      aria-labelledby={`${id}-title`}
      data-finance-figure="calculator"
    >
      <Heading id={`${id}-title`} className="finance-calculator__title">
        Finance Calculator
      </Heading>
      <div className="finance-calculator__body">
        <div className="finance-calculator__inputs">
          <MoneyInput
            id={`${id}-amount`}
            label="Purchase price"
            text={state.texts.amount}
            onText={(text) => dispatch({ type: 'type', field: 'amount', text })}
            onCommit={() => dispatch({ type: 'commit', field: 'amount' })}
            error={state.amountError}
            quickPicks={view.quick_picks}
            value={state.values.amount}
            onPick={(value) => dispatch({ type: 'set', field: 'amount', value })}
          />
          <RangeField
            id={`${id}-amount-slider`}
            label="Adjust purchase price"
            range={ranges.loan_amount}
            value={Math.min(
              Math.max(state.values.amount, ranges.loan_amount.min),
              ranges.loan_amount.max,
            )}
            valueText={formatDollars(state.values.amount)}
            onValue={(value) => dispatch({ type: 'set', field: 'amount', value })}
          />
          <div className="finance-calculator__money">
            {money('deposit')}
            {money('trade_in')}
            {money('residual')}
          </div>
          <RangeField
            id={`${id}-term`}
            label="Loan term"
            range={ranges.term_years}
            value={state.termYears}
            valueText={termText(state.termYears, view.term_display_months)}
            onValue={(value) => dispatch({ type: 'term', value })}
          />
          {view.interest_hidden ? null : ranges.interest_locked ? (
            <div className="finance-field">
              <p className="finance-field__label">{MESSAGES.INTEREST_RATE}</p>
              <p className="finance-field__locked">{state.interest.toFixed(2)}% p.a. (fixed)</p>
            </div>
          ) : (
            <RangeField
              id={`${id}-interest`}
              label={MESSAGES.INTEREST_RATE}
              range={ranges.interest}
              value={state.interest}
              valueText={`${state.interest.toFixed(2)}% p.a.`}
              onValue={(value) => dispatch({ type: 'interest', value })}
            />
          )}
          <fieldset className="finance-frequency">
            <legend className="finance-field__label">Repayment frequency</legend>
            <div className="finance-frequency__options">
              {FREQUENCIES.map((f) => (
                <label
                  key={f.value}
                  className={`finance-frequency__option${f.value === state.frequency ? ' finance-frequency__option--checked' : ''}`}
                >
                  <input
                    type="radio"
                    name={`${id}-frequency`}
                    value={f.value}
                    checked={f.value === state.frequency}
                    onChange={() => dispatch({ type: 'frequency', value: f.value })}
                  />
                  {f.label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div className="finance-calculator__result">
          <FinanceFigures figures={figures} live />
          {rateNote ? <ComparisonRateNote /> : null}
          <a className="finance-calculator__disclaimer-link" href={`#${FINANCE_DISCLAIMER_ID}`}>
            Read the finance disclaimer
          </a>
        </div>
      </div>
      <Disclaimer
        full={view.disclaimer}
        short={view.disclaimer_short}
        anchorId={FINANCE_DISCLAIMER_ID}
      />
    </section>
  );
}
