// Similar cars (seed 000: the vehicle page's "similar cars"). The build publishes each
// car's similar cars as a site file (`similar_url`, a SimilarCarsView), so a neighbour's
// new price rewrites that small file rather than this page; the page loads it once it is
// shown. While it loads, the row holds its room with this car's own card drawn
// invisibly: a site's cards share their buttons, lines and tags, so the cards that come
// take about that height. The "See more" link to the model's search is what a page
// without scripts offers.
import { useEffect, useState } from 'react';
import type { CardView } from '../../types/generated/CardView';
import type { SimilarCarsView } from '../../types/generated/SimilarCarsView';
import { CarGrid } from '../../components/car-grid';

/** The cards of a similar cars file; none when it is not one. */
export function similarCarsOf(body: unknown): CardView[] {
  const cars = (body as Partial<SimilarCarsView> | null)?.cars;
  return Array.isArray(cars)
    ? cars.filter(
        (car): car is CardView =>
          typeof car === 'object' && car !== null && typeof car.id === 'number',
      )
    : [];
}

export function SimilarCars({
  url,
  searchUrl,
  title,
  rateNote,
  stand,
}: {
  /** The similar cars file. */
  url: string;
  /** The page's own card, drawn invisibly (without its photo) while the file loads. */
  stand: CardView;
  /** The model's search page. */
  searchUrl: string;
  /** "Similar cars", "Similar caravans". */
  title: string;
  /** Print the comparison rate warning after the cards (the page printed none before). */
  rateNote: boolean;
}) {
  const [cars, setCars] = useState<CardView[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => setCars(similarCarsOf(body)))
      .catch(() => {
        if (!controller.signal.aborted) setCars([]);
      });
    return () => controller.abort();
  }, [url]);
  return (
    <section aria-labelledby="similar-title" className="vehicle__similar">
      <h2 id="similar-title">{title}</h2>
      {cars === null ? (
        <div className="vehicle__similar-loading" aria-hidden="true" inert>
          <CarGrid cars={[{ ...stand, image: null }]} label={title} rateNote={rateNote} carousel />
        </div>
      ) : cars.length > 0 ? (
        <CarGrid cars={cars} label={title} rateNote={rateNote} carousel />
      ) : null}
      <p className="vehicle__similar-more">
        <a href={searchUrl}>{`See more ${title.toLowerCase()}`}</a>
      </p>
    </section>
  );
}
