import type { PromoBannerView } from '../../types/generated/PromoBannerView';

/** The promo banner of the vehicle page (seed 000 s2): latest offers, book service
 *  online, sell your car; the view model leaves out a link whose page the site lacks. */
export function PromoBanner({ banner }: { banner: PromoBannerView }) {
  if (banner.links.length === 0) return null;
  return (
    <nav className="promo-banner" aria-label="Offers and services">
      <ul className="promo-banner__links">
        {banner.links.map((link) => (
          <li key={link.url}>
            {link.external ? (
              <a
                className="promo-banner__link"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <a className="promo-banner__link" href={link.url}>
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
