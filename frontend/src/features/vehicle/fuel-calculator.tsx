import { useId, useRef, useState } from 'react';
import { EVENT_CALCULATOR, trackEvent } from '../../lib/analytics';
import type { FuelCalculator as FuelStart } from '../../types/generated/FuelCalculator';
import { formatDollars } from '../../lib/number-format';
import { inputNumber, weeklyFuelCost } from './fuel';

/** Seed 001 s5 fuel cost calculator: starts from the Rust rule's values (1.70 a litre,
 *  250 km a week, the variant's economy or 10 L/100km) and recomputes the weekly cost
 *  as the shopper edits the distance and the fuel price. The first edit fires analytics
 *  event 26 (calculator use). */
export function FuelCalculator({ start }: { start: FuelStart }) {
  const id = useId();
  const [km, setKm] = useState(String(start.km_per_week));
  const [price, setPrice] = useState(start.fuel_price.toFixed(2));
  const tracked = useRef(false);
  const used = () => {
    if (!tracked.current) {
      tracked.current = true;
      trackEvent(EVENT_CALCULATOR);
    }
  };
  const cost = weeklyFuelCost(inputNumber(km), start.consumption, inputNumber(price));
  return (
    <section className="fuel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="fuel__title">
        Fuel cost calculator
      </h2>
      <div className="fuel__fields">
        <div className="fuel__field">
          <label htmlFor={`${id}-km`}>Kilometres a week</label>
          <input
            id={`${id}-km`}
            type="number"
            inputMode="numeric"
            min={0}
            step={10}
            value={km}
            onChange={(event) => {
              used();
              setKm(event.target.value);
            }}
          />
        </div>
        <div className="fuel__field">
          <label htmlFor={`${id}-price`}>Fuel price ($ a litre)</label>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={price}
            onChange={(event) => {
              used();
              setPrice(event.target.value);
            }}
          />
        </div>
      </div>
      <p className="fuel__economy">Fuel economy: {start.consumption} L/100km</p>
      <p className="fuel__cost">
        Estimated fuel cost:{' '}
        <output htmlFor={`${id}-km ${id}-price`} aria-live="polite">
          {formatDollars(cost)}
        </output>{' '}
        a week
      </p>
    </section>
  );
}
