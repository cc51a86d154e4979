import type { VehicleProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CarGrid } from '../components/car-grid';
import { Layout } from '../components/layout';
import { PhoneLink } from '../components/phone-link';
import { DealerComments } from '../features/vehicle/dealer-comments';
import { Gallery } from '../features/vehicle/gallery';
import { SpecTable } from '../features/vehicle/spec-table';
import { useHold } from '../features/vehicle/use-hold';
import '../features/vehicle/vehicle.css';
import { MESSAGES } from '../types/generated/messages';

/** The vehicle detail page. */
export function VehiclePage({ site, page }: VehicleProps) {
  const { card } = page;
  const held = useHold(card.id, card.reserve_url !== null);
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <div className="vehicle">
        <div className="vehicle__content">
          <Gallery images={page.images} showThumbnails={page.show_thumbnails} />
          <SpecTable id="key-information" title={MESSAGES.KEY_INFORMATION} rows={page.key_information} />
          {page.rego_expiry ? <p className="vehicle__rego">Registration: {page.rego_expiry}</p> : null}
          <DealerComments comments={page.comments} />
          <SpecTable id="all-specifications" title={MESSAGES.ALL_SPECIFICATIONS} rows={page.specifications} />
          {page.features.length > 0 ? (
            <section aria-labelledby="features-title">
              <h2 id="features-title">Features</h2>
              <ul className="vehicle__features">
                {page.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside className="vehicle__sidebar" aria-label="Price and contact">
          {page.sold_notice ? (
            <p className="vehicle__sold" role="note">
              {page.sold_notice}
            </p>
          ) : null}
          {card.tag && !card.sold_text ? <span className={`car-card__tag car-card__tag--${card.tag.kind}`}>{card.tag.text}</span> : null}
          <h1 className="vehicle__title">{card.name}</h1>
          <p className="vehicle__price">
            {card.price_text}
            {card.price_type && card.price !== null ? <span className="vehicle__price-type"> {card.price_type}</span> : null}
          </p>
          {card.weekly ? (
            <p className="vehicle__weekly">
              {card.weekly}
              {MESSAGES.PER_WEEK_SHORT} <span className="vehicle__weekly-note">{MESSAGES.PRE_APPROVED}</span>
            </p>
          ) : null}
          {page.location ? (
            <p className="vehicle__location">
              {page.location.url ? <a href={page.location.url}>{page.location.name}</a> : page.location.name}
            </p>
          ) : null}
          {page.find_similar_url ? (
            <a className="button" href={page.find_similar_url}>
              {MESSAGES.FIND_ME_SOMETHING_SIMILAR}
            </a>
          ) : (
            <>
              {card.find_similar_url ? (
                <a className="button button--secondary" href={card.find_similar_url}>
                  {MESSAGES.FIND_ME_SOMETHING_SIMILAR}
                </a>
              ) : null}
              {held ? (
                <p className="vehicle__reserved" role="status">
                  {MESSAGES.RESERVED}
                </p>
              ) : card.reserve_url ? (
                <a className="button" href={card.reserve_url}>
                  {MESSAGES.RESERVE_NOW}
                </a>
              ) : null}
            </>
          )}
          {page.phone && !page.sold_notice ? (
            <div className="vehicle__call">
              <h2 className="vehicle__call-title">{MESSAGES.CALL_THE_DEALER}</h2>
              <PhoneLink phone={page.phone} />
            </div>
          ) : null}
        </aside>
      </div>
      {page.similar.length > 0 ? (
        <section aria-labelledby="similar-title" className="vehicle__similar">
          <h2 id="similar-title">Similar cars</h2>
          <CarGrid cars={page.similar} label="Similar cars" />
        </section>
      ) : null}
    </Layout>
  );
}
