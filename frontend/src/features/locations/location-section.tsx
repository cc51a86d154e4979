import { PhoneLink } from '../../components/phone-link';
import type { LocationPageView } from '../../types/generated/LocationPageView';
import { DepartmentHours } from './department-hours';
import { LocationMap } from './location-map';
import { ReviewsSection } from './reviews-section';
import './locations.css';
import { Photo } from '../../components/photo';

/** The single location section: heading with its badge, image, contact details,
 *  licence numbers (where the site shows them), opening hours by department, the map
 *  block and reviews. */
export function LocationSection({
  page,
  dealerName,
}: {
  page: LocationPageView;
  dealerName: string;
}) {
  const { location } = page;
  return (
    <article className="location-section">
      <header className="location-section__head">
        <h1>
          {page.title}
          {location.badge ? (
            <>
              {' '}
              <span className="location-badge">{location.badge}</span>
            </>
          ) : null}
        </h1>
        <p className="location-section__department">{location.department}</p>
      </header>
      {location.image ? (
        <Photo
          className="location-section__image"
          url={location.image.url}
          srcset={location.image.srcset}
          alt={location.image.alt}
          layout="location"
          priority
        />
      ) : null}
      <div className="location-section__columns">
        <section className="contact-details" aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading">Contact details</h2>
          <address>
            {location.street}
            <br />
            {location.locality}
          </address>
          <ul className="contact-details__list">
            {location.phone ? (
              <li>
                <PhoneLink phone={location.phone} label="Phone" />
              </li>
            ) : null}
            {location.landline && location.landline.display !== location.phone?.display ? (
              <li>
                <PhoneLink phone={location.landline} label="Landline" />
              </li>
            ) : null}
          </ul>
          {location.dealer_licence || location.repairer_number ? (
            <dl className="contact-details__licences">
              {location.dealer_licence ? (
                <div>
                  <dt>Dealer licence</dt>
                  <dd>{location.dealer_licence}</dd>
                </div>
              ) : null}
              {location.repairer_number ? (
                <div>
                  <dt>Motor vehicle repairer</dt>
                  <dd>{location.repairer_number}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          <ul className="contact-details__links">
            <li>
              <a className="button" href={location.enquire_url}>
                Enquire<span className="visually-hidden"> at {location.name}</span>
              </a>
            </li>
            <li>
              <a className="button button--secondary" href={location.stock_url}>
                View our stock
              </a>
            </li>
          </ul>
        </section>
        <DepartmentHours departments={page.departments} />
      </div>
      <LocationMap map={page.map} location={location} />
      {page.reviews ? <ReviewsSection reviews={page.reviews} dealerName={dealerName} /> : null}
    </article>
  );
}
