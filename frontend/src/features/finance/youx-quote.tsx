import { useEffect, useId, useState } from 'react';
import { youxQuote } from '../../api/client';
import { ComparisonRateNote } from '../../components/comparison-rate-note';
import type { QuoteFigures } from '../../types/generated/QuoteFigures';
import type { YouxQuoteView } from '../../types/generated/YouxQuoteView';
import { FinanceFigures, comparisonFigure, interestFigure } from './finance-figures';
import { formatDollars } from './finance-math';
import './finance.css';

function parseQuote(value: unknown): QuoteFigures | null {
  if (value === null || typeof value !== 'object') return null;
  const q = value as Record<string, unknown>;
  const n = (key: string) =>
    typeof q[key] === 'number' && Number.isFinite(q[key]) ? (q[key] as number) : null;
  const weekly = n('weeklyRepaymentAmount');
  const rate = n('advertisedRate');
  const comparison = n('comparisonRate');
  return weekly !== null && rate !== null && comparison !== null
    ? { weeklyRepaymentAmount: weekly, advertisedRate: rate, comparisonRate: comparison }
    : null;
}

/** Asks POST /api/youx/quote once for `request`'s car; the answer, or null on any failure
 *  (seed 001 s7/s8: non-OK answers are ignored silently). Leaving the page cancels it. */
function useYouxQuote(view: YouxQuoteView, fetchImpl: typeof fetch = fetch): QuoteFigures | null {
  const [quote, setQuote] = useState<QuoteFigures | null>(view.quote);
  useEffect(() => {
    if (view.quote || !view.request) return undefined;
    const controller = new AbortController();
    youxQuote(view.request, { signal: controller.signal, fetchImpl })
      .then((response) => (response.ok ? parseQuote(response.body) : null))
      .then((answer) => {
        if (!controller.signal.aborted && answer) setQuote(answer);
      })
      .catch(() => {
        // Silent by the seed: the page simply shows no quote.
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fetchImpl` is a test seam, fixed for the component's life
  }, [view]);
  return quote;
}

/** The youX finance quote of a car: whose quote it is and on what terms (not the
 *  estimate's), its weekly repayment with the interest and comparison rates beside it,
 *  and the comparison rate warning where the quote holds the page's first rate; nothing
 *  until a quote is known. */
export function YouxQuote({
  view,
  enquireHref,
  fetchImpl,
  rateNote = true,
}: {
  view: YouxQuoteView;
  enquireHref: string;
  fetchImpl?: typeof fetch;
  /** Print the comparison rate warning (once per page). */
  rateNote?: boolean;
}) {
  const quote = useYouxQuote(view, fetchImpl);
  const id = useId();
  if (!quote) return null;
  return (
    <section
      className="finance-estimate youx-quote"
      aria-labelledby={`${id}-title`}
      data-finance-figure="quote"
    >
      <h2 id={`${id}-title`} className="finance-estimate__title">
        youX finance quote
      </h2>
      {view.assumptions ? (
        <p className="finance-estimate__basis" data-finance-assumptions="">
          {view.assumptions}
        </p>
      ) : null}
      <FinanceFigures
        figures={[
          {
            key: 'repayment',
            label: 'Weekly repayment',
            value: formatDollars(quote.weeklyRepaymentAmount),
            unit: 'per week',
          },
          interestFigure(quote.advertisedRate),
          comparisonFigure(quote.comparisonRate),
        ]}
      />
      {rateNote ? <ComparisonRateNote /> : null}
      <p>
        <a href={enquireHref}>Apply for this finance</a>
      </p>
    </section>
  );
}
