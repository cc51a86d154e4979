import { describe, expect, it } from 'vitest';
import {
  australiaOutline,
  basemapFromPackages,
  cellKey,
  placeCells,
  placeName,
} from './basemap.mjs';

const row = (locality: string, state: string, lat: number, long: number) => ({
  locality,
  state,
  lat,
  long,
});

describe('the offline basemap', () => {
  it('keeps one row per locality and state, in its 1-degree cell, and drops rows without coordinates', () => {
    const cells = placeCells([
      row('GRAFTON', 'NSW', -29.6904, 152.9331),
      row('GRAFTON', 'NSW', -29.6904, 152.9331),
      row('SOUTH GRAFTON', 'NSW', -29.7131, 152.9379),
      row('NOWHERE', 'NSW', 0, 0),
      row("O'CONNOR", 'ACT', -35.2646, 149.1225),
    ]);
    expect([...cells.keys()].sort()).toEqual(['-30_152', '-36_149']);
    expect(cells.get('-30_152')).toEqual([
      [-29.69, 152.933, 'Grafton'],
      [-29.713, 152.938, 'South Grafton'],
    ]);
    expect(cells.get('-36_149')).toEqual([[-35.265, 149.123, "O'Connor"]]);
    expect(cellKey(-29.69, 152.93)).toBe('-30_152');
    expect(placeName('NORTH-EAST ARM')).toBe('North-East Arm');
    expect(placeName('KINGSTON SE')).toBe('Kingston SE');
    expect(placeName('SEVENTEEN MILE ROCKS')).toBe('Seventeen Mile Rocks');
  });

  it('draws Australia, Tasmania included, from the installed world-atlas', () => {
    const files: Map<string, string> = basemapFromPackages();
    const outline = JSON.parse(files.get('map/au.json')!);
    const geometry = outline.features[0].geometry;
    expect(geometry.type).toBe('MultiPolygon');
    const points: [number, number][] = geometry.coordinates.flat(2);
    const lats = points.map((p) => p[1]);
    const lngs = points.map((p) => p[0]);
    // Cape York to South East Cape, Steep Point to Cape Byron.
    expect(Math.max(...lats)).toBeGreaterThan(-11);
    expect(Math.min(...lats)).toBeLessThan(-43.5);
    expect(Math.min(...lngs)).toBeLessThan(113.3);
    expect(Math.max(...lngs)).toBeGreaterThan(153.5);
    // Every cell the index lists is a file, and Grafton is in its cell.
    const index: string[] = JSON.parse(files.get('map/cells.json')!);
    expect(index.every((key) => files.has(`map/places/${key}.json`))).toBe(true);
    const grafton: [number, number, string][] = JSON.parse(files.get('map/places/-30_153.json')!);
    expect(grafton.some((r) => r[2] === 'Grafton')).toBe(true);
    expect(() =>
      australiaOutline({
        type: 'Topology',
        objects: { countries: { type: 'GeometryCollection', geometries: [] } },
        arcs: [],
      }),
    ).toThrow('Australia');
  });
});
