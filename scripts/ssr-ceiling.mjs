// The ceiling of a build's render phase, for `make bench`: the pages of a built dist/
// rendered again by a bare loop calling renderToString on each whole page (the SSR
// bundle's `renderWhole`; the build's workers share header, footer and card markup), one
// worker thread per core, without the generator around it.
//
//   NODE_ENV=production node scripts/ssr-ceiling.mjs <dist> [workers]
//
// Each worker reads its share of the pages' index.html files, takes the props and the
// page kind (the hydration script's entry in the Vite manifest) out of each, and times
// only JSON.parse + render per page, as the generator's workers do. Prints
// "pages=<n> seconds=<busiest worker's time> pages_per_s=<n / seconds>".
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { entryKinds, frontend, pageFiles, readPage } from './lib/built-pages.mjs';

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
  const kinds = entryKinds();
  const files = pageFiles(dist);
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
  // The bare loop: renderToString of each whole page (the worker's `render` shares the
  // header, footer and cards between pages; `renderWhole` renders every part).
  const { renderWhole } = await import(pathToFileURL(join(frontend, 'build/server/render.js')).href);
  const { files, kinds } = workerData;
  let busy = 0;
  let pages = 0;
  for (const file of files) {
    const { kind, props } = readPage(file, kinds);
    const started = performance.now();
    renderWhole(kind, JSON.parse(props));
    busy += performance.now() - started;
    pages += 1;
  }
  parentPort.postMessage({ pages, seconds: busy / 1000 });
}
