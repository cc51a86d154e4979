// JS per page (gzip), for `make bench`: what each page kind's first load fetches (the boot
// script, its hydration entry and every static import below it, from the Vite client
// manifest) and,
// apart, the map chunk (Leaflet and the drawing code) that only a map in view fetches.
//
//   node scripts/js-per-page.mjs [frontend/build/client]
//
// Prints one row per page kind and the map chunk's row; exits 1 when a first load carries
// the map chunk (no page's first load has the map library).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? fileURLToPath(new URL('../frontend/build/client', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
const MAP_CHUNK = /(^|\/)leaflet-map-[^/]+\.js$/;
// Every page loads it first, and it loads the page kind's entry (frontend/src/app/boot.ts).
const BOOT = 'src/boot.ts';

const gzipped = new Map();
function gz(file) {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length);
  return gzipped.get(file);
}

/** The manifest keys a key loads statically, itself included. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

if (!manifest[BOOT]) {
  console.error(`js-per-page: no boot script (${BOOT}) in the manifest`);
  process.exit(1);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];
let carried = [];
for (const key of Object.keys(manifest)
  .filter((k) => manifest[k].isEntry && k !== BOOT)
  .sort()) {
  const keys = [...closure(key, closure(BOOT))];
  const js = keys.map((k) => manifest[k].file);
  const css = keys.flatMap((k) => manifest[k].css ?? []);
  if (js.some((f) => MAP_CHUNK.test(f))) carried.push(key);
  const name = key.replace(/^src\/entries\/|\.tsx$/g, '');
  rows.push([
    name,
    js.reduce((s, f) => s + gz(f), 0),
    [...new Set(css)].reduce((s, f) => s + gz(f), 0),
    js.length,
  ]);
}
console.log(
  `${'page kind'.padEnd(14)} ${'js_gz_kb'.padStart(9)} ${'css_gz_kb'.padStart(9)} ${'files'.padStart(5)}`,
);
for (const [name, js, css, files] of rows)
  console.log(
    `${name.padEnd(14)} ${kb(js).padStart(9)} ${kb(css).padStart(9)} ${String(files).padStart(5)}`,
  );

const mapKey = Object.keys(manifest).find((k) => MAP_CHUNK.test(manifest[k].file));
if (!mapKey) {
  console.error('js-per-page: no map chunk (leaflet-map-*.js) in the manifest');
  process.exit(1);
}
const map = manifest[mapKey];
const mapCss = (map.css ?? []).reduce((s, f) => s + gz(f), 0);
console.log(
  `${'map chunk'.padEnd(14)} ${kb(gz(map.file)).padStart(9)} ${kb(mapCss).padStart(9)} ${'1'.padStart(5)}  (fetched only when a map nears the viewport)`,
);
if (carried.length > 0) {
  console.error(`js-per-page: the map chunk is in the first load of ${carried.join(', ')}`);
  process.exit(1);
}
