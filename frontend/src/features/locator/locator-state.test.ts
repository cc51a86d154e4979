import { describe, expect, it } from 'vitest';
import type { Website } from '../../api/client';
import { haversineKm, matchText, nearby, postcodeOrigin, rows } from './locator-state';
import { group, place } from '../../testing/locator-websites';
import { caseTable } from '../../testing/case-table';

const websites: Website[] = [
  group([
    place(1, 'Brisbane', '4000', -27.4698, 153.0251, 'B'),
    place(2, 'Ipswich', '4305', -27.6144, 152.7609),
    place(3, 'Gold Coast', '4217', -28.0167, 153.4),
    place(4, 'Toowoomba', '4350', -27.5598, 151.9507),
    place(5, 'Cairns', '4870', -16.9186, 145.7781),
    place(6, 'Caboolture', '4510', -27.0845, 152.951),
    place(7, 'Nambour', '4560', -26.6269, 152.9592),
  ]),
];

describe('dealer locator', () => {
  it('measures great-circle distances (domain/tests/data/distance_cases.json)', () => {
    // The table the Rust haversine_km is tested on too (domain/tests/rules_models.rs).
    const table = caseTable('distance_cases.json') as {
      cases: { note: string; from: [number, number]; to: [number, number]; km: number }[];
    };
    expect(table.cases.length).toBeGreaterThan(0);
    for (const { note, from, to, km } of table.cases)
      expect(Math.abs(haversineKm(from[0], from[1], to[0], to[1]) - km), note).toBeLessThan(1e-6);
  });

  it('lists locations within the radius, nearest first', () => {
    const all = rows(websites);
    const brisbane = postcodeOrigin(all, '4000');
    expect(brisbane).not.toBeNull();
    const within50 = nearby(all, brisbane!, 50, null).map((r) => r.id);
    expect(within50).toEqual([1, 2, 6]);
  });

  it('after a pick shows the 5 nearest within 250 km', () => {
    const all = rows(websites);
    const picked = nearby(all, { lat: -27.4698, lng: 153.0251, label: 'Brisbane' }, 250, 5);
    expect(picked.map((r) => r.id)).toEqual([1, 2, 6, 3, 7]);
    expect(picked.every((r) => (r.distanceKm ?? Infinity) <= 250)).toBe(true);
  });

  it('reads the seed 000 s3 Dealership location shape: address lat and long, website name', () => {
    // Seed 000 s3: "Dealership location: id, name, location_type (sales, service, parts),
    // address (lat, long), dealership (id, slug), website_id, website_name, website_url."
    // Seed 001 s3: the address carries map_key.
    const [first] = rows(websites);
    expect(first).toMatchObject({
      id: 1,
      website: 'Group',
      websiteUrl: 'http://group.localhost/',
      lat: -27.4698,
      lng: 153.0251,
      locality: 'Brisbane QLD 4000',
      mapKey: 'B',
    });
  });

  it('filters by suburb or postcode text and knows no unknown postcode', () => {
    const all = rows(websites);
    expect(matchText(all, 'gold').map((r) => r.id)).toEqual([3]);
    expect(matchText(all, '4870').map((r) => r.id)).toEqual([5]);
    expect(postcodeOrigin(all, '2000')).toBeNull();
  });
});
