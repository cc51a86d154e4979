import type { CardView } from '../types/generated/CardView';
import { CarCard } from './car-card';
import { ComparisonRateNote } from './comparison-rate-note';

/** A responsive grid of car cards, followed by the comparison rate warning once when any
 *  card shows a repayment (each card marks its comparison rate to it). */
export function CarGrid({ cars, label }: { cars: CardView[]; label: string }) {
  return (
    <>
      <ul className="car-grid" aria-label={label}>
        {cars.map((car) => (
          <li key={car.id}>
            <CarCard car={car} />
          </li>
        ))}
      </ul>
      {cars.some((car) => car.finance) ? <ComparisonRateNote /> : null}
    </>
  );
}
