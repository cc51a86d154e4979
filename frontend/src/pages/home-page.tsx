import type { HomeProps } from '../app/props';
import { CarGrid } from '../components/car-grid';
import { ComparisonRateNote } from '../components/comparison-rate-note';
import { CountLinks } from '../components/count-links';
import { Layout } from '../components/layout';

/** The home page: slides, a search shortcut and featured stock. */
export function HomePage({ site, page }: HomeProps) {
  return (
    <Layout site={site}>
      <h1 className="visually-hidden">{page.title}</h1>
      {page.slides.length > 0 ? (
        <section className="slides" aria-label="Highlights">
          <ul>
            {page.slides.map((slide, i) => (
              <li key={`${i}-${slide.title}`} className="slide">
                <img src={slide.image.url} alt={slide.image.alt} width={1920} height={540} loading={i === 0 ? 'eager' : 'lazy'} />
                {slide.hide_overlay ? null : (
                  <div className="slide__overlay">
                    <h2>{slide.url ? <a href={slide.url}>{slide.title}</a> : slide.title}</h2>
                    {slide.description ? <p>{slide.description}</p> : null}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {page.slides.some((s) => s.mentions_rate) ? <ComparisonRateNote /> : null}
        </section>
      ) : null}
      <section className="search-shortcut" aria-labelledby="search-shortcut-title">
        <h2 id="search-shortcut-title">Find your next car</h2>
        <CountLinks links={page.car_types} label="Car types" />
        <p>
          <a className="button" href={page.search_path}>
            All stock
          </a>
        </p>
        {page.makes.length > 0 ? <CountLinks links={page.makes} label="Makes" /> : null}
      </section>
      {page.featured.length > 0 ? (
        <section aria-labelledby="featured-title">
          <h2 id="featured-title">Latest arrivals</h2>
          <CarGrid cars={page.featured} label="Latest arrivals" />
        </section>
      ) : null}
      {page.banners.length > 0 ? (
        <section className="banners" aria-label="More from us">
          {page.banners.map((banner) => (
            <a key={banner.url} className="banner" href={banner.url}>
              <strong>{banner.title}</strong>
              {banner.text ? <span>{banner.text}</span> : null}
            </a>
          ))}
        </section>
      ) : null}
    </Layout>
  );
}
