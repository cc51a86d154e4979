// The pages of a built dist/ as the SSR bundle rendered them: each page file with its
// page kind (the hydration entry its boot script names, in the Vite manifest) and its
// props text (the props script). Shared by scripts/ssr-ceiling.mjs and
// scripts/ssr-shared-check.mjs (and unescapeAttribute by scripts/lighthouse/warm.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const frontend = resolve(import.meta.dirname, '../../frontend');
const PROPS = /<script type="application\/json" id="__FORECOURT_PROPS__">([\s\S]*?)<\/script>/;
const SCRIPT = /<script type="module" src="[^"]+" data-entry="([^"]+)"/;

/** An attribute value as the browser reads it (the shell escapes `/` as `&#x2f;`). */
export function unescapeAttribute(text) {
  return text.replace(/&#x2f;/g, '/').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** Every page file of every site under `dist`, skipping staging and hidden folders. */
export function pageFiles(dist) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) files.push(path);
    }
  };
  walk(resolve(dist));
  return files;
}

/** Page kind by hydration script file, from the client build's Vite manifest. */
export function entryKinds() {
  const manifest = JSON.parse(readFileSync(join(frontend, 'build/client/.vite/manifest.json'), 'utf8'));
  return Object.fromEntries(Object.values(manifest).filter((e) => e.isEntry).map((e) => [e.file, e.name]));
}

/** `{ kind, props }` (props as JSON text) of the page file `file`. */
export function readPage(file, kinds) {
  const html = readFileSync(file, 'utf8');
  const props = PROPS.exec(html)?.[1];
  const kind = kinds[unescapeAttribute(SCRIPT.exec(html)?.[1] ?? '').replace(/^\//, '')];
  if (props === undefined || !kind) throw new Error(`${file}: no props script or no known hydration entry`);
  return { kind, props };
}
