import type { HomeProps } from '../app/props';
import { BrandLogoGrid } from '../components/brand-logo-grid';
import { CarGrid } from '../components/car-grid';
import { CountLinks } from '../components/count-links';
import { KeywordBox } from '../components/keyword-box';
import { Layout } from '../components/layout';
import { BlogCards } from '../features/home/blog-cards';
import { LinkBanners } from '../features/home/link-banners';
import { ModelStrip } from '../features/home/model-strip';
import { SalesCounter } from '../features/home/sales-counter';
import { Slides } from '../features/home/slides';
import { StatBanners } from '../features/home/stat-banners';
import { WarrantyCarousel } from '../features/home/warranty-carousel';
import { LocationsCarousel } from '../features/locations/locations-carousel';
import { PriceRangeSlider } from '../features/search/price-range-slider';
import { MESSAGES } from '../types/generated/messages';
import '../features/home/home.css';

/** The home page: slides, then the blocks the dealer's configuration switches on
 *  (stat banners, brand grids, models, warranty carousel, sales counter), the search
 *  shortcut, featured stock (before the shortcut on the showroom template), banners, Our
 *  Locations and blog promo cards. */
export function HomePage({ site, page }: HomeProps) {
  // The showroom template (`template`) leads with the latest arrivals.
  const featured =
    page.featured.length > 0 ? (
      <section className="featured" aria-labelledby="featured-title">
        <h2 id="featured-title">Latest arrivals</h2>
        <CarGrid
          cars={page.featured}
          label="Latest arrivals"
          wholeRows
          priorityFirst={page.slides.length === 0}
        />
      </section>
    ) : null;
  return (
    <Layout site={site}>
      <h1 className="visually-hidden">{page.title}</h1>
      <Slides slides={page.slides} heroStyle={page.hero_style} />
      <StatBanners stats={page.stat_banners} />
      {page.featured_first ? featured : null}
      <section className="search-shortcut" aria-labelledby="search-shortcut-title">
        <h2 id="search-shortcut-title">{page.search_heading}</h2>
        <KeywordBox searchPath={page.search_path} idPrefix="home-search" />
        <div className="search-shortcut__types">
          <CountLinks links={page.car_types} label="Stock by type" />
          <a className="button" href={page.search_path}>
            All stock
          </a>
        </div>
        {page.all_makes.length > 0 ? (
          <>
            <h3 className="search-shortcut__makes-title">{MESSAGES.POPULAR_MAKES}</h3>
            <CountLinks links={page.makes} label={MESSAGES.POPULAR_MAKES} />
            <details className="search-shortcut__all">
              <summary>{MESSAGES.ALL_MAKES}</summary>
              <CountLinks links={page.all_makes} label={MESSAGES.ALL_MAKES} />
            </details>
          </>
        ) : page.makes.length > 0 ? (
          <CountLinks links={page.makes} label="Makes" />
        ) : null}
        {page.price_slider ? <PriceRangeSlider view={page.price_slider} /> : null}
      </section>
      {page.brand_grids.length > 0 ? (
        <section className="home-brands" aria-labelledby="home-brands-title">
          <h2 id="home-brands-title">Our brands</h2>
          <BrandLogoGrid groups={page.brand_grids} headingLevel={3} />
        </section>
      ) : null}
      <ModelStrip models={page.models} />
      {page.warranty ? <WarrantyCarousel warranty={page.warranty} /> : null}
      {page.featured_first ? null : featured}
      {page.sales_counter ? <SalesCounter counter={page.sales_counter} /> : null}
      <LinkBanners banners={page.banners} service={page.service_banner} />
      {page.locations ? <LocationsCarousel carousel={page.locations} /> : null}
      <BlogCards cards={page.blog} heading="Latest news" />
    </Layout>
  );
}
