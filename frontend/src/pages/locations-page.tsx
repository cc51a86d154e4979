import type { LocationsProps } from '../app/props';
import { Layout } from '../components/layout';
import { LocationCard } from '../features/locations/location-card';
import '../features/locations/locations.css';

/** The card grid of every location (/dealerships, /contact). */
export function LocationsPage({ site, page }: LocationsProps) {
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <ul className="location-grid" aria-label={page.title}>
        {page.locations.map((location) => (
          <li key={location.slug}>
            <LocationCard location={location} headingLevel={2} showHours />
          </li>
        ))}
      </ul>
    </Layout>
  );
}
