import type { LocationProps } from '../app/props';
import { Layout } from '../components/layout';
import { LocationDetails } from '../features/locations/location-details';

/** One location's page. */
export function LocationPage({ site, page }: LocationProps) {
  return (
    <Layout site={site}>
      <LocationDetails location={{ ...page.location, name: page.title }} headingLevel={1} />
    </Layout>
  );
}
