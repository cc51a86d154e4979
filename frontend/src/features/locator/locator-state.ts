// The dealer locator's list (seed 000 s9): distance from the shopper's place, the radius
// choices (default 50 km), and after the shopper picks a place the 5 nearest within
// 250 km. Distances are great-circle (haversine, earth radius 6371 km), the twin of Rust's
// domain::rules::distance::haversine_km, both tested on domain/tests/data/distance_cases.json.
import { EARTH_RADIUS_KM } from '../../types/generated/constants';
import type { Website } from '../../api/client';

/** Great-circle distance in km between two points in degrees. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A place the distances are measured from. */
export interface Origin {
  lat: number;
  lng: number;
  label: string;
}

/** One row of the list. */
interface LocatorRow {
  website: string;
  websiteUrl: string;
  id: number;
  /** Seed 001 s3 `address.map_key`: printed on the marker and beside the name. */
  mapKey: string | null;
  name: string;
  street: string;
  locality: string;
  phone: string | null;
  url: string;
  lat: number;
  lng: number;
  postcode: string;
  distanceKm: number | null;
  /** The manufacturer network another dealer's location is listed under; null for the
   *  dealer's own dealerships. */
  network: string | null;
}

/** Every location of the websites as rows, without distances. */
export function rows(websites: Website[]): LocatorRow[] {
  return websites.flatMap((w) =>
    w.locations.map((l) => ({
      website: l.website_name,
      websiteUrl: l.website_url,
      id: l.id,
      mapKey: l.address.map_key ?? null,
      name: l.name,
      street: l.address.street,
      locality: [l.address.city, l.address.state, l.address.postcode].filter(Boolean).join(' '),
      phone: l.phone ?? null,
      url: l.url,
      lat: l.address.lat,
      lng: l.address.long,
      postcode: l.address.postcode,
      distanceKm: null,
      network: w.network ?? null,
    })),
  );
}

/** Rows whose suburb, state, postcode or name contain every word of `text`. */
export function matchText(all: LocatorRow[], text: string): LocatorRow[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return all;
  return all.filter((r) => {
    const hay = `${r.name} ${r.website} ${r.locality}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The place of a postcode the platform knows (a location's postcode), if any. */
export function postcodeOrigin(all: LocatorRow[], postcode: string): Origin | null {
  const match = all.find((r) => r.postcode === postcode.trim());
  return match ? { lat: match.lat, lng: match.lng, label: `${match.locality}` } : null;
}

/** The list for an origin: within `radiusKm`, nearest first; `nearest` limits the count. */
export function nearby(
  all: LocatorRow[],
  origin: Origin,
  radiusKm: number,
  nearest: number | null,
): LocatorRow[] {
  const measured = all
    .map((r) => ({ ...r, distanceKm: haversineKm(origin.lat, origin.lng, r.lat, r.lng) }))
    .filter((r) => r.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm);
  return nearest === null ? measured : measured.slice(0, nearest);
}

/** How the list names a point picked on the map. */
const MAP_PICK_LABEL = 'the point picked on the map';

/** The origin a map pick (a click, or the map's centre from the keyboard) makes. */
export function mapPickOrigin(point: { lat: number; lng: number }): Origin {
  return { lat: point.lat, lng: point.lng, label: MAP_PICK_LABEL };
}
