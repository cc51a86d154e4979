import type { BrandCardView } from '../../types/generated/BrandCardView';
import { FallbackImage } from '../../components/fallback-image';

/** Brand tiles: the logo (or the name as a word mark), the count in the dealer's vehicle words (it includes
 *  recently sold cars, so not "in stock"), external links marked. */
export function BrandTiles({ brands }: { brands: BrandCardView[] }) {
  return (
    <ul className="brand-grid">
      {brands.map((b) => (
        <li key={b.url}>
          <a
            className="brand-tile"
            href={b.url}
            {...(b.external ? { rel: 'noopener', target: '_blank' } : {})}
          >
            {b.logo ? (
              <FallbackImage src={b.logo.url} alt="" width={160} height={80} />
            ) : (
              <span className="brand-tile__wordmark" aria-hidden="true">
                {b.name}
              </span>
            )}
            <span className={b.logo ? 'brand-tile__name' : 'visually-hidden'}>
              {b.name}
              {b.external ? (
                <span className="visually-hidden"> (opens the {b.name} website in a new tab)</span>
              ) : null}
            </span>
            {b.count > 0 ? <span className="brand-tile__count">{b.count_label}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
