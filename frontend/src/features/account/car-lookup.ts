// Cars the client-only pages show: the watchlist's saved ids through GET /api/search?ids=
// (card view models, sold cars within the site's window included), and one car's whole
// vehicle view model from its pre-rendered page (the print page and the online purchase
// journey), which carries it in #__FORECOURT_PROPS__.
import type { VehicleProps } from '../../app/props';
import type { CardView } from '../../types/generated/CardView';
import { searchIds } from '../../api/client';
import { parseAnswer } from '../search/search-client';
import { MAX_IDS } from '../../types/generated/constants';

/** The cards of `ids` (in the order asked; unknown or delisted ids are left out). */
export async function fetchCardsByIds(
  ids: number[],
  fetchImpl: typeof fetch = fetch,
): Promise<CardView[]> {
  const wanted = [...new Set(ids)].slice(0, MAX_IDS);
  if (wanted.length === 0) return [];
  const response = await searchIds(wanted, MAX_IDS, { cache: 'no-cache', fetchImpl });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const answer = parseAnswer(response.body);
  const byId = new Map(answer.hits.map((card) => [card.id, card]));
  return wanted.flatMap((id) => (byId.has(id) ? [byId.get(id) as CardView] : []));
}

/** A car slug as the routes write it (letters, digits and dashes), or null. */
export function carSlug(value: string | null): string | null {
  const v = value?.trim() ?? '';
  return /^[a-z0-9][a-z0-9-]{0,200}$/i.test(v) ? v : null;
}

/** The vehicle page props of the car `slug`, or null when there is no such page. */
export async function fetchVehicleProps(
  slug: string,
  fetchImpl: typeof fetch = fetch,
): Promise<VehicleProps | null> {
  const response = await fetchImpl(`/cars/${encodeURIComponent(slug)}/`, {
    headers: { accept: 'text/html' },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the car page answered ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const text = doc.getElementById('__FORECOURT_PROPS__')?.textContent;
  if (!text) return null;
  const props = JSON.parse(text) as Partial<VehicleProps>;
  // Only a vehicle page has a card and specifications.
  return props.page && 'card' in props.page && 'specifications' in props.page
    ? (props as VehicleProps)
    : null;
}

/** The slug of the car a `car_id` parameter names, or null: seed 000 s2 writes it as the
 *  numeric id (/checkout-journey?car_id={id}), seed 001 s2 as the slug; a number is looked
 *  up as an id first (through the search API's ids), then read as a slug. */
export async function carSlugOf(
  value: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  const slug = carSlug(value);
  if (!slug || !/^[0-9]{1,15}$/.test(slug)) return slug;
  const [card] = await fetchCardsByIds([Number(slug)], fetchImpl);
  const path = card?.path.match(/^\/cars\/([^/]+)\/?$/)?.[1];
  return path ? carSlug(decodeURIComponent(path)) : slug;
}
