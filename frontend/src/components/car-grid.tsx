import { useRef, type ReactNode } from 'react';
import type { CardView } from '../types/generated/CardView';
import { CarCard } from './car-card';
import { ComparisonRateNote } from './comparison-rate-note';
import { Shared } from './shared-fragment';
import { useSite } from '../lib/site-context';

/** A cell of the grid: a car, or another card (a promo) with its key. */
export type GridCell = { car: CardView } | { key: string; node: ReactNode };

interface Props {
  /** The cars, when the grid holds nothing else. */
  cars?: CardView[];
  /** Cars and other cards in order (overrides `cars`). */
  cells?: GridCell[];
  label: string;
  /** One scrolling row with Previous and Next buttons instead of rows. */
  carousel?: boolean;
  /** Show whole rows only (a showcase such as the home page's latest arrivals, not a
   *  result list): the cards past the last full row are left out, so no row has a hole. */
  wholeRows?: boolean;
  /** The first card's photo is the page's largest image (search results): not lazy,
   *  high priority, as the head preloads it. */
  priorityFirst?: boolean;
  /** Print the comparison rate warning after the cards (default): off where the page
   *  already prints it at an earlier rate (a vehicle page's similar cars). */
  rateNote?: boolean;
}

/** A responsive grid of car cards (and promo cards), followed by the comparison rate
 *  warning once when any card shows a repayment (each card marks its comparison rate to
 *  it). As a carousel the cards sit in one row that scrolls a card at a time.
 *
 *  A card's markup depends on its props alone, and a car is on many pages of a site
 *  (similar cars, search landing pages): the SSR worker renders each once (<Shared>). */
export function CarGrid({
  cars = [],
  cells,
  label,
  carousel = false,
  wholeRows = false,
  priorityFirst = false,
  rateNote = true,
}: Props) {
  const all: GridCell[] = cells ?? cars.map((car) => ({ car }));
  const firstCar = all.findIndex((cell) => 'car' in cell);
  const site = useSite();
  const favourites = site?.favourites ?? false;
  const compare = site?.compare ?? false;
  // The shared card's markup depends on both switches.
  const sharedId = `car-card${favourites ? '+save' : ''}${compare ? '+compare' : ''}`;
  const list = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    const card = el?.querySelector('li');
    if (!el || !card) return;
    el.scrollBy({
      left: direction * (card.getBoundingClientRect().width + 16),
      behavior: 'smooth',
    });
  };
  return (
    <>
      {carousel ? (
        <div className="car-grid__controls">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => scroll(-1)}
          >
            Previous cars
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => scroll(1)}
          >
            Next cars
          </button>
        </div>
      ) : null}
      <ul
        ref={list}
        className={`car-grid${carousel ? ' car-grid--carousel' : ''}${wholeRows && !carousel ? ' car-grid--whole-rows' : ''}`}
        aria-label={label}
      >
        {all.map((cell, i) => {
          if (!('car' in cell)) return <li key={cell.key}>{cell.node}</li>;
          const priority = priorityFirst && i === firstCar;
          // The priority card is drawn in the page, not shared: React hoists a preload
          // for its eager image, and a shared fragment that hoists one makes the SSR
          // worker render the whole page again (src/server/render.tsx).
          if (priority) {
            return (
              <li key={cell.car.id}>
                <CarCard car={cell.car} favourites={favourites} compare={compare} priority />
              </li>
            );
          }
          return (
            <li key={cell.car.id}>
              <Shared id={sharedId} data={cell.car}>
                <CarCard car={cell.car} favourites={favourites} compare={compare} />
              </Shared>
            </li>
          );
        })}
      </ul>
      {rateNote && all.some((cell) => 'car' in cell && cell.car.finance) ? (
        <ComparisonRateNote />
      ) : null}
    </>
  );
}
