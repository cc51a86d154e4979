import type { BannerView } from '../../types/generated/BannerView';

function BannerLink({ banner, className }: { banner: BannerView; className: string }) {
  return (
    <a
      className={className}
      href={banner.url}
      {...(banner.external ? { rel: 'noopener', target: '_blank' } : {})}
    >
      {banner.image ? (
        <img
          className="banner__image"
          src={banner.image.url}
          alt=""
          width={600}
          height={200}
          loading="lazy"
        />
      ) : null}
      <strong className="banner__title">{banner.title}</strong>
      {banner.text ? <span className="banner__text">{banner.text}</span> : null}
      {banner.external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}

/** The service banner and the link banners (special offers, trade-in). */
export function LinkBanners({ banners, service }: { banners: BannerView[]; service: BannerView }) {
  return (
    <section className="link-banners" aria-label="More from us">
      <BannerLink banner={service} className="banner banner--service" />
      {banners.length > 0 ? (
        <ul className="banners">
          {banners.map((banner) => (
            <li key={banner.url}>
              <BannerLink banner={banner} className="banner" />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
