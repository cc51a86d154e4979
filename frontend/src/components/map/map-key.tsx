import './map-key.css';

/** A location's map key (seed 001 s3 `address.map_key`) beside its name, the same mark
 *  its map marker carries, so a shopper can match the list to the map. */
export function MapKey({ value }: { value: string }) {
  return (
    <span className="map-key">
      <span className="visually-hidden">Map key </span>
      {value}
    </span>
  );
}
