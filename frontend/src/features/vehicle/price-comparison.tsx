// Price comparison panel (seed 000 s3/s4/s5/s7): after hydration the page asks
// GET {car path}/autogauge; the API applies the seed's visibility rule and answers the
// panel (`view`), or null, or an error. Failure or no data hides the panel.
import { useEffect, useId, useState } from 'react';
import type { PriceComparisonView } from '../../types/generated/PriceComparisonView';
import { autogauge } from '../../api/client';
import { formatDollars } from '../../lib/number-format';

type State =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'shown'; view: PriceComparisonView; analysis: string | null };

/** The Car Analysis line (session plugin "Car Analysis", seed 001 s3): what the
 *  comparison rests on, from the answer's comparables and confidence; null when the
 *  answer has neither. */
export function analysisOf(body: unknown): string | null {
  const answer = body as { comparables?: unknown; confidence?: unknown } | null;
  const parts: string[] = [];
  const comparables = answer?.comparables;
  if (typeof comparables === 'number' && Number.isFinite(comparables) && comparables > 0)
    parts.push(
      `compared with ${comparables} similar ${comparables === 1 ? 'car' : 'cars'} for sale`,
    );
  const confidence = answer?.confidence;
  if (typeof confidence === 'number' && Number.isFinite(confidence))
    parts.push(`${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}% confidence`);
  return parts.length > 0 ? `Car analysis: ${parts.join(', ')}.` : null;
}

/** Reads the panel out of an autogauge answer; null when there is nothing to show. */
export function panelOf(body: unknown): PriceComparisonView | null {
  const view = (body as { view?: Partial<PriceComparisonView> | null } | null)?.view;
  if (!view) return null;
  const numbers = [view.fill, view.listing_price, view.market_range_min, view.market_range_max];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  if (typeof view.label !== 'string' || !['low', 'medium', 'high'].includes(view.band as string))
    return null;
  return view as PriceComparisonView;
}

/** Where the listing price sits on the bar, as a percentage from Market low (0) to
 *  Market high (100), clamped to the bar: a car priced below the range sits at Market
 *  low, never under Market high. From the prices themselves, so the marker is where the
 *  price is whatever fill a provider reports. */
export function pricePercent(view: PriceComparisonView): number {
  const span = view.market_range_max - view.market_range_min;
  if (!(span > 0)) return 50;
  const at = (view.listing_price - view.market_range_min) / span;
  return Math.round(Math.min(1, Math.max(0, at)) * 1000) / 10;
}

/** The bar's spoken summary: where the listing is against the market range. */
function summaryOf(view: PriceComparisonView): string {
  const price = formatDollars(view.listing_price);
  const range = `${formatDollars(view.market_range_min)} to ${formatDollars(view.market_range_max)}`;
  if (view.listing_price < view.market_range_min)
    return `Listing price ${price}, below the market range of ${range}`;
  return `Listing price ${price} within a market range of ${range}`;
}

/** The price comparison panel of the car at `carPath`; renders nothing until an answer
 *  with a panel arrives (the reserved space is held by the parent's CSS while loading).
 *  `analysis` (the Car Analysis plugin) adds what the comparison rests on. */
export function PriceComparison({
  carPath,
  analysis = false,
}: {
  carPath: string;
  analysis?: boolean;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const titleId = useId();
  useEffect(() => {
    const controller = new AbortController();
    autogauge(carPath, { signal: controller.signal })
      .then((response) => (response.ok ? response.body : null))
      .then((body: unknown) => {
        const view = panelOf(body);
        setState(
          view
            ? { kind: 'shown', view, analysis: analysis ? analysisOf(body) : null }
            : { kind: 'hidden' },
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'hidden' });
      });
    return () => controller.abort();
  }, [carPath, analysis]);

  if (state.kind === 'hidden') return null;
  // The analysis line's room is held while loading too, so nothing below moves.
  const box = analysis ? 'price-comparison price-comparison--analysis' : 'price-comparison';
  if (state.kind === 'loading')
    return <div className={`${box} price-comparison--loading`} aria-hidden="true" />;
  const { view } = state;
  const position = pricePercent(view);
  const summary = summaryOf(view);
  return (
    <section className={box} aria-labelledby={titleId}>
      <h2 id={titleId} className="price-comparison__title">
        Price comparison
      </h2>
      <p className={`price-comparison__label price-comparison__label--${view.band}`}>
        {view.label}
      </p>
      <div className="price-comparison__bar" role="img" aria-label={summary}>
        <div
          className={`price-comparison__fill price-comparison__fill--${view.band}`}
          style={{ width: `${Math.round((100 - position) * 10) / 10}%` }}
        />
        <span className="price-comparison__marker" style={{ left: `${position}%` }} />
      </div>
      <dl className="price-comparison__range">
        <div>
          <dt>Market low</dt>
          <dd>{formatDollars(view.market_range_min)}</dd>
        </div>
        <div>
          <dt>This car</dt>
          <dd>{formatDollars(view.listing_price)}</dd>
        </div>
        <div>
          <dt>Market high</dt>
          <dd>{formatDollars(view.market_range_max)}</dd>
        </div>
      </dl>
      {state.analysis ? <p className="price-comparison__analysis">{state.analysis}</p> : null}
    </section>
  );
}
