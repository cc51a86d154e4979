import type { LocationsProps } from '../app/props';
import { Layout } from '../components/layout';
import { LazyMap } from '../components/map/lazy-map';
import { LocationCard } from '../features/locations/location-card';
import '../features/locations/locations.css';

/** The card grid of every location (/dealerships, /contact), under a map with a marker
 *  for each location that has coordinates (the cards keep every address and the hours). */
export function LocationsPage({ site, page }: LocationsProps) {
  const markers = page.locations.flatMap((l) =>
    l.point
      ? [{ lat: l.point.lat, lng: l.point.lng, label: l.name, url: l.url, mapKey: l.map_key }]
      : [],
  );
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      {markers.length > 0 ? (
        <div className="locations-map">
          <LazyMap label={`Map of ${page.title}`} markers={markers} />
        </div>
      ) : null}
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
