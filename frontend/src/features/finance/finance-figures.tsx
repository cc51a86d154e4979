import { MESSAGES } from '../../types/generated/messages';

/** One figure of a finance result: a label over a value. */
export type Figure = { key: string; label: string; value: string; unit?: string; href?: string };

/** Repayments, the interest rate and the comparison rate side by side in one style, so the
 *  comparison rate is never less prominent than the rate or repayment next to it. */
export function FinanceFigures({ figures, live = false }: { figures: Figure[]; live?: boolean }) {
  return (
    <dl className="finance-figures" aria-live={live ? 'polite' : undefined}>
      {figures.map((figure) => (
        <div
          key={figure.key}
          className={`finance-figures__item finance-figures__item--${figure.key}`}
        >
          <dt className="finance-figures__label">{figure.label}</dt>
          <dd className="finance-figures__value">
            {figure.href ? <a href={figure.href}>{figure.value}</a> : figure.value}
            {figure.unit ? <span className="finance-figures__unit"> {figure.unit}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The comparison rate figure ("8.50% p.a.*"), marked to the warning. */
export function comparisonFigure(rate: number): Figure {
  return {
    key: 'comparison',
    label: MESSAGES.COMPARISON_RATE,
    value: `${rate.toFixed(2)}%`,
    unit: 'p.a.*',
  };
}

/** The interest rate figure ("8.50% p.a."). */
export function interestFigure(rate: number): Figure {
  return {
    key: 'interest',
    label: MESSAGES.INTEREST_RATE,
    value: `${rate.toFixed(2)}%`,
    unit: 'p.a.',
  };
}
