import { LazyMap } from '../../components/map/lazy-map';
import type { VehicleMapView } from '../../types/generated/VehicleMapView';

/** Where the car is (seed 000 s2, anchor #vehicle-map): the location's name and address
 *  and a Get directions link as text, and beside them an interactive map of the location
 *  when its address has coordinates. The map library loads only when the block nears
 *  the viewport, so the page's first load carries none of it. */
export function VehicleMap({ map }: { map: VehicleMapView }) {
  const point = map.point;
  return (
    <section id="vehicle-map" className="vehicle-map" aria-labelledby="vehicle-map-title">
      <h2 id="vehicle-map-title" className="vehicle-map__title">
        Where this car is
      </h2>
      <div className={point ? 'vehicle-map__body vehicle-map__body--map' : 'vehicle-map__body'}>
        <div className="vehicle-map__text">
          <address className="vehicle-map__address">
            {map.location_url ? (
              <a href={map.location_url}>{map.name}</a>
            ) : (
              <strong>{map.name}</strong>
            )}
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
            Get directions
            <span className="visually-hidden"> to {map.name} (opens in a new tab)</span>
          </a>
        </div>
        {point ? (
          <LazyMap
            label={`Map of ${map.name}`}
            markers={[{ lat: point.lat, lng: point.lng, label: map.name, url: map.location_url }]}
          />
        ) : null}
      </div>
    </section>
  );
}
