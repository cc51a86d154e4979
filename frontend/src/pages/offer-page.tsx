import type { OfferProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { ComparisonRateNote } from '../components/comparison-rate-note';
import { Layout } from '../components/layout';
import '../features/catalogue/catalogue.css';
import { Photo } from '../components/photo';

/** One special offer (/offers/{id}). */
export function OfferPage({ site, page }: OfferProps) {
  const { offer } = page;
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <article className="offer">
        <Photo
          url={offer.image.url}
          srcset={offer.image.srcset}
          alt={offer.image.alt}
          layout="content"
          priority
        />
        <div className="offer__text">
          <h1>{offer.title}</h1>
          {page.ended ? (
            <p className="notice" role="status">
              {page.ended_text} <a href={page.offers_url}>See current offers</a>
            </p>
          ) : null}
          {offer.price_text ? <p className="tile__price">{offer.price_text}</p> : null}
          {offer.description ? <p>{offer.description}</p> : null}
          {offer.mentions_rate ? <ComparisonRateNote /> : null}
          {offer.expiry_text ? <p className="tile__note">{offer.expiry_text}</p> : null}
          {page.ended ? null : (
            <p>
              <a className="button" href={page.cta_url}>
                {page.cta_label}
              </a>
            </p>
          )}
          {page.terms.length > 0 ? (
            <section aria-labelledby="offer-terms-title" className="offer__terms">
              <h2 id="offer-terms-title">Terms and conditions</h2>
              {page.terms.map((t, i) => (
                <p key={i}>{t}</p>
              ))}
            </section>
          ) : null}
        </div>
      </article>
    </Layout>
  );
}
