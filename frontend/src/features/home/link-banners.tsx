import type { BannerView } from '../../types/generated/BannerView';
import { Photo } from '../../components/photo';

function BannerLink({ banner, className }: { banner: BannerView; className: string }) {
  return (
    <a
      className={className}
      href={banner.url}
      {...(banner.external ? { rel: 'noopener', target: '_blank' } : {})}
    >
      {banner.image ? (
        <Photo
          className="banner__image"
          url={banner.image.url}
          srcset={banner.image.srcset}
          alt=""
          layout="banner"
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
