// Checks the SSR worker's shared fragments (frontend/src/components/shared-fragment.tsx)
// on a built dist/: every page rendered by the worker's `render`, which splices in the
// markup of the header, footer and car cards it rendered once, must be byte for byte
// what a whole-page renderToString (`renderWhole`) gives, or hydration would not match.
//
//   NODE_ENV=production node scripts/ssr-shared-check.mjs <dist>
//
// Prints "pages=<n> kinds=<k> same" and exits 0, or lists the pages that differ (with
// the first difference) and exits 1.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { entryKinds, frontend, pageFiles, readPage } from './lib/built-pages.mjs';

const [dist] = process.argv.slice(2);
if (!dist) {
  console.error('usage: NODE_ENV=production node scripts/ssr-shared-check.mjs <dist>');
  process.exit(2);
}
const { render, renderWhole } = await import(pathToFileURL(join(frontend, 'build/server/render.js')).href);
const kinds = entryKinds();
const seen = new Set();
const differ = [];
const files = pageFiles(dist);
for (const file of files) {
  const { kind, props } = readPage(file, kinds);
  seen.add(kind);
  const shared = render(kind, JSON.parse(props));
  const whole = renderWhole(kind, JSON.parse(props));
  if (shared !== whole) {
    let at = 0;
    while (shared[at] === whole[at]) at += 1;
    differ.push(`${file} (${kind}): differs at character ${at}:\n  shared: ${shared.slice(Math.max(0, at - 60), at + 60)}\n  whole:  ${whole.slice(Math.max(0, at - 60), at + 60)}`);
  }
}
if (files.length === 0) {
  console.error(`ssr-shared-check: no pages under ${dist}`);
  process.exit(1);
}
if (differ.length > 0) {
  console.error(`ssr-shared-check: ${differ.length} of ${files.length} pages differ from a whole render:\n${differ.slice(0, 20).join('\n')}`);
  process.exit(1);
}
console.log(`ssr-shared-check: pages=${files.length} kinds=${seen.size} same`);
