import type { CardView } from '../types/generated/CardView';
import { CarCard } from './car-card';

/** A responsive grid of car cards. */
export function CarGrid({ cars, label }: { cars: CardView[]; label: string }) {
  return (
    <ul className="car-grid" aria-label={label}>
      {cars.map((car) => (
        <li key={car.id}>
          <CarCard car={car} />
        </li>
      ))}
    </ul>
  );
}
