import type { CardView } from '../types/generated/CardView';
import { MESSAGES } from '../types/generated/messages';
import { COMPARISON_RATE_MARK } from './comparison-rate-note';

/** One car card: tag, image (fixed ratio, lazy), price or 'Enquire for price.', km,
 *  weekly finance '/wk' with the comparison rate beside it in the same type (marked to the
 *  page's `ComparisonRateNote`, which `CarGrid` renders), and its buttons or Find Me
 *  Something Similar. */
export function CarCard({ car, headingLevel = 3 }: { car: CardView; headingLevel?: 2 | 3 }) {
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
      </a>
      {car.sold_text ? (
        <span className="car-card__tag car-card__tag--sold">{car.sold_text}</span>
      ) : car.tag ? (
        <span className={tagClass}>{car.tag.text}</span>
      ) : null}
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
          {car.location_name ? <li>{car.location_name}</li> : null}
        </ul>
        <div className="car-card__actions">
          {car.find_similar_url ? (
            <a className="button button--secondary" href={car.find_similar_url}>
              {MESSAGES.FIND_ME_SOMETHING_SIMILAR}
            </a>
          ) : (
            <>
              <a className="button" href={car.path} aria-label={`${MESSAGES.VIEW_DETAILS}: ${car.name}`}>
                {MESSAGES.VIEW_DETAILS}
              </a>
              {car.reserve_url ? (
                <a className="button button--secondary" href={car.reserve_url} aria-label={`${MESSAGES.RESERVE_NOW}: ${car.name}`}>
                  {MESSAGES.RESERVE_NOW}
                </a>
              ) : null}
            </>
          )}
        </div>
      </div>
    </article>
  );
}
