import { useEffect, useState } from 'react';
import type { SalesCounterView } from '../../types/generated/SalesCounterView';
import { saleInterval, salesSoFarToday } from './sales-count';

/** The sales counter: counted in the browser after hydration (the page is built ahead
 *  of time, so the server cannot know the hour), then recounted every `refresh_ms`.
 *  The figure keeps its space before the count arrives, so nothing moves. */
export function SalesCounter({
  counter,
  now = Date.now,
}: {
  counter: SalesCounterView;
  now?: () => number;
}) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const recount = () => setCount(salesSoFarToday(now(), counter));
    recount();
    const timer = window.setInterval(recount, counter.refresh_ms);
    return () => window.clearInterval(timer);
  }, [counter, now]);
  return (
    <section className="sales-counter" aria-labelledby="sales-counter-heading">
      <h2 id="sales-counter-heading">{counter.heading}</h2>
      <p className="sales-counter__figure" data-testid="sales-count">
        {count ?? ''}
      </p>
      <p className="sales-counter__note">
        One every {saleInterval(counter.seconds_per_sale)}, {counter.sales_per_day} a day (Brisbane
        time).
      </p>
    </section>
  );
}
