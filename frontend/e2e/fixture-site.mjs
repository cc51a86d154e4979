// A stand-in site for trying the e2e runner before the generator exists: renders a page
// list (JSON array of domain::view::Page, e.g. from
// `FORECOURT_E2E_PAGES=/tmp/pages.json cargo test -p domain --test view_pages`) with the
// real SSR worker into a temp dir, wraps each page in a minimal document shell following
// docs/contracts.md, and serves it.
//   node e2e/fixture-site.mjs /tmp/pages.json [port]
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, writeFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [pagesFile, portArg] = process.argv.slice(2);
if (!pagesFile) {
  console.error('usage: node e2e/fixture-site.mjs <pages.json> [port]');
  process.exit(2);
}
const pages = JSON.parse(await readFile(pagesFile, 'utf8'));
const manifest = JSON.parse(
  await readFile(path.join(frontend, 'build/client/.vite/manifest.json'), 'utf8'),
);

/** Script and every CSS file of an entry, following its imported chunks. */
function assetsOf(kind) {
  const entry = manifest[`src/entries/${kind}.tsx`];
  if (!entry) throw new Error(`no manifest entry for ${kind}`);
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const file of chunk?.css ?? []) css.add(`/${file}`);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(`src/entries/${kind}.tsx`);
  return { script: `/${entry.file}`, css: [...css] };
}

const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const jsonForScript = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

const worker = spawn(process.execPath, [path.join(frontend, 'build/server/worker.js')], {
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const answers = new Map();
createInterface({ input: worker.stdout }).on('line', (line) => {
  const answer = JSON.parse(line);
  answers.get(answer.id)?.(answer);
});
const renderPage = (id, page) =>
  new Promise((resolve) => {
    answers.set(id, resolve);
    worker.stdin.write(`${JSON.stringify({ id, kind: page.kind, props: page.props })}\n`);
  });

const out = await mkdtemp(path.join(tmpdir(), 'forecourt-fixture-'));
await cp(path.join(frontend, 'build/client/assets'), path.join(out, 'assets'), { recursive: true });
let id = 0;
for (const page of pages) {
  id += 1;
  const answer = await renderPage(id, page);
  if (answer.error) throw new Error(`${page.path}: ${answer.error}`);
  const { script, css } = assetsOf(page.kind);
  const theme = page.props.site.theme;
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(page.title)}</title><meta name="description" content="${escapeHtml(page.description)}">
<style>:root{--brand-primary:${theme.primary};--brand-secondary:${theme.secondary};--brand-accent:${theme.accent};--brand-text:${theme.text};--brand-bg:${theme.background}}</style>
${css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
</head><body><div id="root">${answer.html}</div>
<script type="application/json" id="__FORECOURT_PROPS__">${jsonForScript(page.props)}</script>
<script type="module" src="${script}"></script></body></html>`;
  const file =
    page.path === '/'
      ? 'index.html'
      : page.path === '/404'
        ? '404.html'
        : `${page.path.slice(1)}/index.html`;
  await mkdir(path.dirname(path.join(out, file)), { recursive: true });
  await writeFile(path.join(out, file), html);
}
worker.stdin.end();

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#ccc"/></svg>';
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.endsWith('.svg') && !url.pathname.startsWith('/assets/')) {
    res.writeHead(200, { 'content-type': types['.svg'] }).end(svg);
    return;
  }
  const candidates = path.extname(url.pathname)
    ? [url.pathname]
    : [path.join(url.pathname, 'index.html')];
  for (const candidate of candidates) {
    try {
      const body = await readFile(path.join(out, path.normalize(candidate)));
      res
        .writeHead(200, {
          'content-type': types[path.extname(candidate)] ?? 'application/octet-stream',
        })
        .end(body);
      return;
    } catch {
      // fall through to 404
    }
  }
  res
    .writeHead(404, { 'content-type': types['.html'] })
    .end(await readFile(path.join(out, '404.html')));
});
const port = Number(portArg ?? 0);
server.listen(port, '127.0.0.1', () => {
  console.log(`fixture site at http://127.0.0.1:${server.address().port} (files in ${out})`);
});
