// Valid pages: runs the Nu Html Checker (npm vnu-jar, on Java) over a sample of every page
// kind of every dealer of a built site and fails on any error. A page kind is a path shape
// (its first folder and its depth: cars/*/index.html, cars/*/*/index.html, search/*/...),
// and a few pages of each kind are checked, so a new kind of page is covered the day it
// is built. One JVM checks every file: vnu is slow to start, fast per page.
//
//   node scripts/vnu-check.mjs <dist> [per-kind]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';

const [dist, perKindArg] = process.argv.slice(2);
if (!dist) {
  console.error('usage: node scripts/vnu-check.mjs <dist> [pages per kind, default 3]');
  process.exit(2);
}
const perKind = Number(perKindArg ?? 3);
if (!Number.isInteger(perKind) || perKind < 1) {
  console.error(`vnu: pages per kind must be a whole number of at least 1, not "${perKindArg}"`);
  process.exit(2);
}

const require = createRequire(new URL('../frontend/package.json', import.meta.url));
const jar = require('vnu-jar');

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return htmlFiles(path);
      return entry.name.endsWith('.html') ? [path] : [];
    })
    .sort();
}

/** The kind of a page: its first folder and how deep it sits. */
export function pageKind(path) {
  const parts = path.split(sep);
  if (parts.length === 1) return parts[0];
  return [parts[0], ...parts.slice(1, -1).map(() => '*'), parts[parts.length - 1]].join('/');
}

// Dealer sites are the folders of the dist that hold a home page (not _data, _media...).
const sites = readdirSync(dist)
  .filter((name) => !name.startsWith('_') && statSync(join(dist, name)).isDirectory())
  .filter((name) => {
    try {
      return statSync(join(dist, name, 'index.html')).isFile();
    } catch {
      return false;
    }
  })
  .sort();
if (sites.length === 0) {
  console.error(`vnu: no dealer site (a folder with index.html) in ${dist}`);
  process.exit(1);
}

const sample = [];
let kinds = 0;
for (const site of sites) {
  const byKind = new Map();
  for (const file of htmlFiles(join(dist, site))) {
    const kind = pageKind(relative(join(dist, site), file));
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(file);
  }
  kinds += byKind.size;
  for (const files of byKind.values()) {
    // Spread over the kind (first, middle, last...) rather than its first few neighbours.
    const step = files.length / Math.min(perKind, files.length);
    for (let i = 0; i < Math.min(perKind, files.length); i += 1) sample.push(files[Math.floor(i * step)]);
  }
}

const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', ...sample], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.error) {
  console.error(`vnu: could not run java (${run.error.message}); install a Java runtime, e.g. apt-get install -y default-jre-headless`);
  process.exit(1);
}
let messages;
try {
  messages = JSON.parse(run.stderr).messages;
} catch {
  console.error(`vnu: the checker did not answer JSON (exit ${run.status}):\n${run.stderr}${run.stdout}`);
  process.exit(1);
}
const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
for (const m of errors) {
  const where = relative(dist, decodeURIComponent(new URL(m.url).pathname));
  console.error(`${where}:${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'}: ${m.message}\n    ${(m.extract ?? '').replace(/\n/g, ' ')}`);
}
console.log(`vnu: ${sample.length} pages (${kinds} page kinds over ${sites.length} dealers): ${errors.length} errors`);
process.exit(errors.length ? 1 : 0);
