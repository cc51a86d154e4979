import { PhoneLink } from '../../components/phone-link';
import type { LocationView } from '../../types/generated/LocationView';
import { HoursTable } from './hours-table';

/** A location's address, phones, hours and links. */
export function LocationDetails({ location, headingLevel }: { location: LocationView; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="location">
      <Heading className="location__name">
        {headingLevel === 2 ? <a href={location.url}>{location.name}</a> : location.name}
        {location.badge ? <span className="location__badge"> {location.badge}</span> : null}
      </Heading>
      <p className="location__department">{location.department}</p>
      <address>
        {location.street}
        <br />
        {location.locality}
      </address>
      <ul className="location__phones">
        {location.phone ? (
          <li>
            <PhoneLink phone={location.phone} label="Phone" />
          </li>
        ) : null}
        {location.landline ? (
          <li>
            <PhoneLink phone={location.landline} label="Landline" />
          </li>
        ) : null}
      </ul>
      <HoursTable heading={location.hours_heading} rows={location.hours} enquireUrl={location.contact_url} />
      {location.dealer_licence ? <p>Dealer licence: {location.dealer_licence}</p> : null}
      {location.repairer_number ? <p>Motor vehicle repairer: {location.repairer_number}</p> : null}
      <ul className="location__links">
        <li>
          <a href={location.stock_url}>View our stock</a>
        </li>
        <li>
          <a href={location.contact_url}>Contact {location.name}</a>
        </li>
        {location.map_url ? (
          <li>
            <a href={location.map_url} rel="noopener noreferrer" target="_blank">
              Directions (opens in a new tab)
            </a>
          </li>
        ) : null}
      </ul>
    </article>
  );
}
