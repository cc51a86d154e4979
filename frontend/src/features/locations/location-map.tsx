import type { LocationView } from '../../types/generated/LocationView';
import type { MapView } from '../../types/generated/MapView';

/** Where the location is, without loading a map: a drawn pin, the address, and links
 *  to directions and to the place on the maps site (both open in a new tab). No map
 *  tiles or third-party scripts load on the page. */
export function LocationMap({ map, location }: { map: MapView; location: LocationView }) {
  return (
    <section className="location-map" id="location-map" aria-labelledby="location-map-heading">
      <h2 id="location-map-heading">Find us</h2>
      <div className="location-map__panel">
        <svg
          className="location-map__pin"
          viewBox="0 0 24 32"
          width="48"
          height="64"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 20 12 20s12-11 12-20C24 5.4 18.6 0 12 0z" />
          <circle cx="12" cy="12" r="4.5" fill="#fff" />
        </svg>
        <address className="location-map__address">
          <strong>{location.name}</strong>
          <br />
          {location.street}
          <br />
          {location.locality}
        </address>
        <p className="location-map__links">
          <a className="button" href={map.directions_url} target="_blank" rel="noopener noreferrer">
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
    </section>
  );
}
