import type { BrandProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CountLinks } from '../components/count-links';
import { Layout } from '../components/layout';
import { FallbackImage } from '../components/fallback-image';
import { ModelCards } from '../features/catalogue/model-cards';
import { OfferCards } from '../features/catalogue/offer-cards';
import '../features/catalogue/catalogue.css';

/** One brand's overview (/{brand}/overview). */
export function BrandPage({ site, page }: BrandProps) {
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <header className="brand-header">
        {page.logo ? (
          <FallbackImage src={page.logo.url} alt={page.logo.alt} width={200} height={100} />
        ) : null}
        <h1>{page.name}</h1>
      </header>
      {/* The overview HTML is built in Rust from the escaped config text (markdown subset). */}
      <div
        className="content-page__body"
        dangerouslySetInnerHTML={{ __html: page.overview_html }}
      />
      {page.stock_links.length > 0 ? (
        <section aria-labelledby="brand-stock-title">
          <h2 id="brand-stock-title">{page.name} stock</h2>
          <CountLinks links={page.stock_links} />
        </section>
      ) : null}
      {page.models.length > 0 ? (
        <section aria-labelledby="brand-models-title">
          <h2 id="brand-models-title">{page.name} models</h2>
          <ModelCards models={page.models} headingLevel={3} />
        </section>
      ) : null}
      {page.offers.length > 0 ? (
        <section aria-labelledby="brand-offers-title">
          <h2 id="brand-offers-title">{page.name} offers</h2>
          <OfferCards offers={page.offers} headingLevel={3} label={`${page.name} offers`} />
        </section>
      ) : null}
      {page.locations.length > 0 ? (
        <section aria-labelledby="brand-locations-title">
          <h2 id="brand-locations-title">Where to find {page.name}</h2>
          <ul>
            {page.locations.map((l) => (
              <li key={l.url}>
                <a href={l.url}>{l.name}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Layout>
  );
}
