import type { StatBannerView } from '../../types/generated/StatBannerView';

/** The dealer group's stat banners: "26 Locations", "42 Brands", "30+ Years" (figures the build
 *  fills in from the group's data, or typed). */
export function StatBanners({ stats }: { stats: StatBannerView[] }) {
  if (stats.length === 0) return null;
  return (
    <ul className="stat-banners" aria-label="About us in numbers">
      {stats.map((stat) => (
        <li key={`${stat.value}-${stat.label}`} className="stat-banner">
          <span className="stat-banner__value">{stat.value}</span>{' '}
          <span className="stat-banner__label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
