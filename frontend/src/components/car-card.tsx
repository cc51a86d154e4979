import { favouriteOf, SaveToggle } from './account/save-toggle';
import type { CardView } from '../types/generated/CardView';
import { MESSAGES } from '../types/generated/messages';
import { COMPARISON_RATE_MARK } from './comparison-rate-note';

/** One car card: tag, image (fixed ratio, lazy) with the location over it, price or
 *  'Enquire for price.', km, the view count where the site shows it,
 *  weekly finance '/wk' with the comparison rate beside it in the same type (marked to the
 *  page's `ComparisonRateNote`, which `CarGrid` renders), its buttons (the dealer's
 *  `search.card_buttons`) or Find Me Something Similar, and the save toggle where the
 *  site offers favourites (`favourites`, the site's SiteView.favourites: the card's markup
 *  depends on its props alone, so the SSR worker can share it between pages). */
export function CarCard({ car, favourites, headingLevel = 3 }: { car: CardView; favourites: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tagClass = car.tag ? `car-card__tag car-card__tag--${car.tag.kind}${car.tag.colour ? ` car-card__tag--${car.tag.colour}` : ''}` : '';
  return (
    <article className={`car-card${car.available ? '' : ' car-card--sold'}`}>
      <a className="car-card__media" href={car.path} tabIndex={-1} aria-hidden="true">
        {car.image ? (
          <img src={car.image.url} alt="" loading="lazy" decoding="async" width={640} height={480} />
        ) : (
          <span className="car-card__no-image" />
        )}
        {car.location_name ? <span className="car-card__location">{car.location_name}</span> : null}
      </a>
      {car.sold_text ? (
        <span className="car-card__tag car-card__tag--sold">{car.sold_text}</span>
      ) : car.tag_logo ? (
        <img className="car-card__tag car-card__tag--logo" src={car.tag_logo.url} alt={car.tag_logo.alt} width={96} height={32} loading="lazy" decoding="async" />
      ) : car.tag ? (
        <span className={tagClass}>{car.tag.text}</span>
      ) : null}
      <SaveToggle car={favouriteOf(car)} saveable={car.saveable} favourites={favourites} className="car-card__save" />
      <div className="car-card__body">
        <Heading className="car-card__title">
          <a href={car.path}>{car.name}</a>
        </Heading>
        <p className="car-card__price">
          {car.price_text}
          {car.price_type && car.price !== null ? <span className="car-card__price-type"> {car.price_type}</span> : null}
        </p>
        {car.finance ? (
          <p className="car-card__weekly finance-line">
            <span>
              {car.finance.weekly}
              {MESSAGES.PER_WEEK_SHORT}
            </span>{' '}
            <span className="car-card__comparison">
              {MESSAGES.COMPARISON_RATE} {car.finance.comparison_rate}
              <span aria-hidden="true">{COMPARISON_RATE_MARK}</span>
            </span>
          </p>
        ) : null}
        <ul className="car-card__facts">
          {car.km_text ? <li>{car.km_text}</li> : null}
          {car.location_name ? <li className="visually-hidden">{car.location_name}</li> : null}
          {car.views_text ? <li className="car-card__views">{car.views_text}</li> : null}
        </ul>
        <div className="car-card__actions">
          {car.find_similar_url ? (
            <a className="button button--secondary" href={car.find_similar_url}>
              {MESSAGES.FIND_ME_SOMETHING_SIMILAR}
            </a>
          ) : (
            car.buttons.map((button, i) => (
              <a
                key={button.kind}
                className={`button${i === 0 ? '' : ' button--secondary'} car-card__button--${button.kind}`}
                href={button.url}
                aria-label={`${button.label}: ${car.name}`}
              >
                {button.label}
              </a>
            ))
          )}
        </div>
      </div>
    </article>
  );
}
