import { useState } from 'react';
import type { ModelProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Layout } from '../components/layout';
import { FallbackImage } from '../components/fallback-image';
import { ColourPicker } from '../features/catalogue/colour-picker';
import { LeadForm } from '../features/forms/lead-form';
import '../features/forms/forms.css';
import { MESSAGES } from '../types/generated/messages';
import '../features/catalogue/catalogue.css';
import { Photo } from '../components/photo';

/** A model page (/models/{slug}). */
export function ModelPage({ site, page }: ModelProps) {
  const [assistOpen, setAssistOpen] = useState(false);
  const assist = assistOpen
    ? page.driver_assist
    : page.driver_assist.slice(0, page.driver_assist_shown);
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <section className="model-hero">
        <Photo
          url={page.image.url}
          srcset={page.image.srcset}
          alt={page.image.alt}
          layout="content"
          priority
        />
        <div className="model-hero__text">
          <h1>{page.title}</h1>
          {page.short_description ? <p>{page.short_description}</p> : null}
          <p className="model-hero__actions">
            <a className="button" href={page.cta_url}>
              {page.cta_label}
            </a>
            {page.brochure_url ? (
              // The brochure is the maker's document (often a PDF): a new tab keeps the
              // model page where the shopper left it.
              <a
                className="button button--secondary"
                href={page.brochure_url}
                target="_blank"
                rel="noopener"
              >
                Download brochure<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </p>
        </div>
      </section>
      {page.specifications.length > 0 ? (
        <section aria-labelledby="model-specs-title">
          <h2 id="model-specs-title">Specifications</h2>
          <dl className="model-specs">
            {page.specifications.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {page.images.length > 0 ? (
        <section aria-labelledby="model-photos-title" className="model-gallery">
          <h2 id="model-photos-title" className="visually-hidden">
            Photos
          </h2>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a horizontal scroller: focusable so the keyboard can scroll it */}
          <ul tabIndex={0} aria-labelledby="model-photos-title">
            {page.images.map((image) => (
              <li key={image.url}>
                <Photo url={image.url} srcset={image.srcset} alt={image.alt} layout="tile" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {page.variants.length > 0 ? (
        <section aria-labelledby="model-variants-title">
          <h2 id="model-variants-title">Variants</h2>
          <ul className="variant-cards">
            {page.variants.map((v, i) => (
              <li key={`${i}-${v.full_name}`} className="variant-card">
                {v.image ? (
                  <FallbackImage src={v.image.url} alt={v.image.alt} width={400} height={225} />
                ) : null}
                <h3>{v.full_name}</h3>
                <p className="variant-card__price">{v.price_text}</p>
                {v.features.length > 0 ? (
                  <ul className="tick-list">
                    {v.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ColourPicker variants={page.variants} title={page.title} />
      {page.driver_assist.length > 0 ? (
        <section aria-labelledby="model-assist-title">
          <h2 id="model-assist-title">Driver-assist systems</h2>
          <ul className="tick-list tick-list--columns" id="driver-assist-list">
            {assist.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
          {page.driver_assist.length > page.driver_assist_shown ? (
            <button
              type="button"
              className="link-button"
              aria-expanded={assistOpen}
              aria-controls="driver-assist-list"
              onClick={() => setAssistOpen(!assistOpen)}
            >
              {assistOpen ? MESSAGES.SHOW_LESS : MESSAGES.SHOW_MORE}
            </button>
          ) : null}
        </section>
      ) : null}
      {page.benefits.length > 0 ? (
        <section aria-labelledby="model-benefits-title">
          <h2 id="model-benefits-title">Ownership benefits</h2>
          <ul className="tick-list">
            {page.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="discover-card" aria-labelledby="model-discover-title">
        <h2 id="model-discover-title">Discover the {page.title}</h2>
        <p>
          <a className="button" href={page.cta_url}>
            {page.cta_label}
          </a>
          {page.stock_link ? (
            <a className="button button--secondary" href={page.stock_link.url}>
              {page.stock_link.label}
            </a>
          ) : null}
        </p>
      </section>
      {page.register_interest ? (
        // Seed 001 s2 #register-interest-form: the form's own id, which the calls to
        // action above link.
        <section className="model-register" aria-labelledby="model-register-title">
          <h2 id="model-register-title">{page.register_interest.title}</h2>
          <p>{page.register_interest.intro}</p>
          <LeadForm view={page.register_interest} dealershipSlug={site.slug} />
        </section>
      ) : null}
    </Layout>
  );
}
