import { PhoneLink } from '../../components/phone-link';
import { formatWhole } from '../../lib/number-format';
import type { LocationView } from '../../types/generated/LocationView';
import { HoursTable } from './hours-table';
import { ReviewStars } from './review-stars';
import { Photo } from '../../components/photo';
import { MapKey } from '../../components/map/map-key';
import { openNow, useNow } from './open-now';

/** A location card (the card grid and the Our Locations carousel): image, name with
 *  its badge, department, address, phone, rating, optionally the hours, and links. */
export function LocationCard({
  location,
  headingLevel,
  showHours,
}: {
  location: LocationView;
  headingLevel: 2 | 3;
  showHours: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const now = useNow();
  const hasHours = showHours && location.hours.length > 0;
  const status = now && hasHours ? openNow(location.schedule, now) : null;
  return (
    <article className="location-card">
      {location.image ? (
        <Photo
          className="location-card__image"
          url={location.image.url}
          srcset={location.image.srcset}
          alt=""
          layout="location_card"
        />
      ) : null}
      <div className="location-card__body">
        <Heading className="location-card__name">
          {location.map_key ? <MapKey value={location.map_key} /> : null}
          <a href={location.url}>{location.name}</a>
        </Heading>
        {location.badge ? <p className="location-badge">{location.badge}</p> : null}
        <p className="location-card__department">{location.department}</p>
        <address>
          {location.street}
          <br />
          {location.locality}
        </address>
        {location.phone ? <PhoneLink phone={location.phone} label="Phone" /> : null}
        {location.rating ? (
          <p className="location-card__rating">
            <ReviewStars rating={location.rating} size="small" />
            <span>
              {formatWhole(location.rating.count)}{' '}
              {location.rating.count === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        ) : null}
        {hasHours ? (
          // The line keeps its height before the browser fills it in, so nothing moves.
          <p className={`open-now${status?.open ? ' open-now--open' : ''}`}>
            {status?.text ?? '\u00a0'}
          </p>
        ) : null}
        {showHours ? (
          <HoursTable
            heading={location.hours_heading}
            rows={location.hours}
            enquireUrl={location.enquire_url}
            rowWeekdays={location.schedule.row_weekdays}
            today={status?.weekday ?? null}
          />
        ) : null}
        <ul className="location-card__links">
          <li>
            <a href={location.stock_url}>
              View our stock<span className="visually-hidden"> at {location.name}</span>
            </a>
          </li>
          <li>
            <a href={location.directions_url} target="_blank" rel="noopener noreferrer">
              Directions
              <span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </div>
    </article>
  );
}
