import type { CSSProperties } from 'react';
import type { BrandGroupView } from '../types/generated/BrandGroupView';
import './brand-logo-grid.css';
import { FallbackImage } from './fallback-image';

/** Brand groups as logo grids (the dealer group's home page and the header's mega
 *  menu): a heading per group, then each brand's logo, or its name as a text mark in a
 *  logo-sized box when it has none (seed 001 s8), never a broken image. `compact` drops
 *  the counts (the menu); a count includes recently sold cars, so it says "12 cars",
 *  not "in stock". */
export function BrandLogoGrid({
  groups,
  headingLevel,
  compact = false,
}: {
  groups: BrandGroupView[];
  headingLevel: 2 | 3;
  compact?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`brand-logos${compact ? ' brand-logos--compact' : ''}`}>
      {groups.map((group) => (
        <section
          key={group.id}
          className="brand-logos__group"
          style={{ '--brands': group.brands.length } as CSSProperties}
          aria-labelledby={`brand-logos-${compact ? 'menu-' : ''}${group.id}`}
        >
          <Heading
            id={`brand-logos-${compact ? 'menu-' : ''}${group.id}`}
            className="brand-logos__title"
          >
            {group.title}
          </Heading>
          <ul className="brand-logos__list">
            {group.brands.map((brand) => (
              <li key={brand.url}>
                <a
                  className="brand-logos__link"
                  href={brand.url}
                  {...(brand.external ? { rel: 'noopener', target: '_blank' } : {})}
                >
                  {brand.logo ? (
                    <>
                      <FallbackImage src={brand.logo.url} alt="" width={120} height={60} />
                      <span className="brand-logos__name">{brand.name}</span>
                    </>
                  ) : (
                    <span className="brand-logos__name brand-logos__mark">{brand.name}</span>
                  )}
                  {!compact && brand.count > 0 ? (
                    <span className="brand-logos__count">{brand.count_label}</span>
                  ) : null}
                  {brand.external ? (
                    <span className="visually-hidden">
                      {' '}
                      (opens the {brand.name} website in a new tab)
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
