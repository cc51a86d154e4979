import type { VehicleMapView } from '../../types/generated/VehicleMapView';

/** Where the car is (seed 000 s2, anchor #vehicle-map): the location's name and address
 *  and a Get directions link to the shopper's maps app. A static block: no map tiles or
 *  third-party scripts load with the page. */
export function VehicleMap({ map }: { map: VehicleMapView }) {
  return (
    <section id="vehicle-map" className="vehicle-map" aria-labelledby="vehicle-map-title">
      <h2 id="vehicle-map-title" className="vehicle-map__title">
        Where this car is
      </h2>
      <address className="vehicle-map__address">
        {map.location_url ? <a href={map.location_url}>{map.name}</a> : <strong>{map.name}</strong>}
        {map.street ? (
          <>
            <br />
            {map.street}
          </>
        ) : null}
        {map.locality ? (
          <>
            <br />
            {map.locality}
          </>
        ) : null}
      </address>
      <a
        className="button button--secondary vehicle-map__directions"
        href={map.directions_url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Get directions<span className="visually-hidden"> to {map.name} (opens in a new tab)</span>
      </a>
    </section>
  );
}
