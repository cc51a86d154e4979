import { ScrollCarousel } from '../../components/scroll-carousel';
import type { LocationsCarouselView } from '../../types/generated/LocationsCarouselView';
import { LocationCard } from './location-card';
import './locations.css';

/** Our Locations: one card per site in a sideways-scrolling row with a Swipe hint.
 *  Seed 001 s9: more than 3 locations hide the hint on large screens; more than 4 use
 *  narrower cards. */
export function LocationsCarousel({ carousel }: { carousel: LocationsCarouselView }) {
  const classes = [
    'locations-carousel',
    carousel.hide_hint_on_large ? 'locations-carousel--hide-hint-lg' : '',
    carousel.narrow_cards ? 'locations-carousel--narrow' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section className={classes} aria-labelledby="our-locations-title">
      <div className="locations-carousel__head">
        <h2 id="our-locations-title">{carousel.title}</h2>
        <p className="locations-carousel__hint" aria-hidden="true">
          {carousel.swipe_hint} <span className="locations-carousel__hint-arrow">→</span>
        </p>
        <a href={carousel.all_url}>All locations</a>
      </div>
      <ScrollCarousel label={carousel.title} itemWord="locations">
        {carousel.locations.map((location) => (
          <li key={location.slug} className="locations-carousel__item">
            <LocationCard location={location} headingLevel={3} showHours={false} />
          </li>
        ))}
      </ScrollCarousel>
    </section>
  );
}
