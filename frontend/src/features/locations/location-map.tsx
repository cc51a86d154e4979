import { LazyMap } from '../../components/map/lazy-map';
import type { LocationView } from '../../types/generated/LocationView';
import type { MapView } from '../../types/generated/MapView';

/** Where the location is: the address and the links to directions and to the place on
 *  the maps site (both open in a new tab) as text, beside an interactive map with the
 *  location's marker when its address has coordinates. The map library loads only when
 *  the section nears the viewport. */
export function LocationMap({ map, location }: { map: MapView; location: LocationView }) {
  const point = location.point;
  return (
    <section className="location-map" id="location-map" aria-labelledby="location-map-heading">
      <h2 id="location-map-heading">Find us</h2>
      <div className={point ? 'location-map__body location-map__body--map' : 'location-map__body'}>
        <div className="location-map__panel">
          <address className="location-map__address">
            <strong>{location.name}</strong>
            <br />
            {location.street}
            <br />
            {location.locality}
          </address>
          <p className="location-map__links">
            <a
              className="button"
              href={map.directions_url}
              target="_blank"
              rel="noopener noreferrer"
            >
              Get directions
              <span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
            </a>
            <a
              className="button button--secondary"
              href={map.place_url}
              target="_blank"
              rel="noopener noreferrer"
            >
              View on map<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        {point ? (
          <LazyMap
            label={`Map of ${location.name}`}
            markers={[
              {
                lat: point.lat,
                lng: point.lng,
                label: location.name,
                url: location.url,
                mapKey: location.map_key,
              },
            ]}
          />
        ) : null}
      </div>
    </section>
  );
}
