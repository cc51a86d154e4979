// Locator fixtures shared by the state and page tests: websites in the API's seed 000 s3
// "Dealership location" shape.
import type { DealershipLocation, Website } from '../api/client';

const GROUP = { id: 1, name: 'Group', url: 'http://group.localhost/' };

/** A sales location of the Group website. */
export const place = (
  id: number,
  city: string,
  postcode: string,
  lat: number,
  long: number,
  mapKey: string | null = null,
): DealershipLocation => ({
  id,
  name: `Dealer ${city}`,
  location_type: 'sales',
  address: { street: '1 Main St', city, state: 'QLD', postcode, lat, long, map_key: mapKey },
  dealership: { id: GROUP.id, slug: 'group' },
  website_id: GROUP.id,
  website_name: GROUP.name,
  website_url: GROUP.url,
  phone: null,
  makes: ['Toyota'],
  url: `/locations/${id}`,
});

/** The Group website with `locations`. */
export const group = (locations: DealershipLocation[]): Website => ({
  ...GROUP,
  dealership: { id: GROUP.id, slug: 'group' },
  locations,
});
