// The ceiling of a build's render phase, for `make bench`: the pages of a built dist/
// rendered again by a bare loop calling the SSR bundle's render (renderToString), one
// worker thread per core, without the generator around it.
//
//   NODE_ENV=production node scripts/ssr-ceiling.mjs <dist> [workers]
//
// Each worker reads its share of the pages' index.html files, takes the props and the
// page kind (the hydration script's entry in the Vite manifest) out of each, and times
// only JSON.parse + render per page, as the generator's workers do. Prints
// "pages=<n> seconds=<busiest worker's time> pages_per_s=<n / seconds>".
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const frontend = resolve(import.meta.dirname, '../frontend');
const PROPS = /<script type="application\/json" id="__FORECOURT_PROPS__">([\s\S]*?)<\/script>/;
const SCRIPT = /<script type="module" src="([^"]+)"><\/script>/;

/** An attribute value as the browser reads it (the shell escapes `/` as `&#x2f;`). */
function unescapeAttribute(text) {
  return text.replace(/&#x2f;/g, '/').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** Every page file of every site under `dist`, skipping staging and hidden folders. */
function pageFiles(dist) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) files.push(path);
    }
  };
  walk(dist);
  return files;
}

if (isMainThread) {
  if (process.env.NODE_ENV !== 'production') {
    console.error('ssr-ceiling: run with NODE_ENV=production (React renders about 13x slower otherwise)');
    process.exit(2);
  }
  const [dist, workersArg] = process.argv.slice(2);
  if (!dist) {
    console.error('usage: NODE_ENV=production node scripts/ssr-ceiling.mjs <dist> [workers]');
    process.exit(2);
  }
  const workers = Number(workersArg ?? availableParallelism());
  const manifest = JSON.parse(readFileSync(join(frontend, 'build/client/.vite/manifest.json'), 'utf8'));
  const kinds = Object.fromEntries(Object.values(manifest).filter((e) => e.isEntry).map((e) => [e.file, e.name]));
  const files = pageFiles(resolve(dist));
  const shares = Array.from({ length: workers }, (_, i) => files.filter((_, at) => at % workers === i));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise((done, fail) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { files: share, kinds } });
          worker.once('message', done);
          worker.once('error', fail);
        }),
    ),
  );
  const pages = results.reduce((sum, r) => sum + r.pages, 0);
  const seconds = Math.max(...results.map((r) => r.seconds));
  console.log(`pages=${pages} seconds=${seconds.toFixed(2)} pages_per_s=${(pages / seconds).toFixed(0)}`);
} else {
  const { render } = await import(pathToFileURL(join(frontend, 'build/server/render.js')).href);
  const { files, kinds } = workerData;
  let busy = 0;
  let pages = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const props = PROPS.exec(html)?.[1];
    const kind = kinds[unescapeAttribute(SCRIPT.exec(html)?.[1] ?? '').replace(/^\//, '')];
    if (props === undefined || !kind) throw new Error(`${file}: no props script or no known hydration entry`);
    const started = performance.now();
    render(kind, JSON.parse(props));
    busy += performance.now() - started;
    pages += 1;
  }
  parentPort.postMessage({ pages, seconds: busy / 1000 });
}
