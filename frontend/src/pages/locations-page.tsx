import type { LocationsProps } from '../app/props';
import { Layout } from '../components/layout';
import { LocationDetails } from '../features/locations/location-details';

/** The list of locations. */
export function LocationsPage({ site, page }: LocationsProps) {
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <div className="location-grid">
        {page.locations.map((location) => (
          <LocationDetails key={location.slug} location={location} headingLevel={2} />
        ))}
      </div>
    </Layout>
  );
}
