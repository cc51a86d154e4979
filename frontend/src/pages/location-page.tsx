import type { LocationProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Layout } from '../components/layout';
import { LocationSection } from '../features/locations/location-section';

/** One location's page (/locations/{slug}, /contact-us/{slug}, /our-location/{slug}). */
export function LocationPage({ site, page }: LocationProps) {
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <LocationSection page={page} dealerName={site.name} />
    </Layout>
  );
}
