// The end-to-end journeys (e2e/*.test.mjs) on @playwright/test, in the system Chromium.
// scripts/e2e.sh builds the sample sites, serves them on E2E_PORT and runs
// `npx playwright test`: one project per sample dealer (dealers/*/dealer.toml), each with
// its site at http://<slug>.localhost:<port> as baseURL.
//   E2E_DEALERS="slug slug"   only those dealers (or `--project slug`), every journey on each
//   E2E_ALL_DEALERS=1         journeys tagged @two-dealers on every dealer too
//                             (e2e/reference-dealers.mjs)
//   BASE_URL=http://x.localhost:8080   one project against a site already served (make demo)
//   --grep 'search:'          one journey
//   E2E_OUT                   output folder (default ../target/e2e): report/ (HTML report),
//                             results/ (traces, failure screenshots), screenshots/
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './e2e/chromium-flags.mjs';
import { REFERENCE_DEALERS, runsEverything } from './e2e/reference-dealers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const out = path.resolve(root, process.env.E2E_OUT || 'target/e2e');

/** The dealers to run: E2E_DEALERS, else every folder of dealers/ with a dealer.toml. */
function dealers() {
  const dir = path.join(root, 'dealers');
  const all = readdirSync(dir)
    .filter((slug) => existsSync(path.join(dir, slug, 'dealer.toml')))
    .sort();
  const wanted = (process.env.E2E_DEALERS ?? '').split(/\s+/).filter(Boolean);
  const unknown = wanted.filter((slug) => !all.includes(slug));
  if (unknown.length > 0) {
    throw new Error(
      `e2e: E2E_DEALERS names no dealer ${unknown.join(', ')}; the dealers are: ${all.join(' ')}`,
    );
  }
  return wanted.length > 0 ? wanted : all;
}

function projects() {
  if (process.env.BASE_URL) {
    const baseURL = process.env.BASE_URL;
    const dealer = new URL(baseURL).hostname.split('.')[0];
    return [{ name: dealer, use: { baseURL, dealer } }];
  }
  const port = process.env.E2E_PORT;
  if (!port) {
    throw new Error(
      'e2e: set E2E_PORT (the port scripts/e2e.sh serves the sites on) or BASE_URL (one site), or run scripts/e2e.sh',
    );
  }
  const all = dealers();
  const gone = REFERENCE_DEALERS.filter((slug) => !existsSync(path.join(root, 'dealers', slug)));
  if (gone.length > 0) {
    throw new Error(`e2e: the reference dealer ${gone.join(', ')} is not in dealers/`);
  }
  return all.map((dealer) => ({
    name: dealer,
    use: { baseURL: `http://${dealer}.localhost:${port}`, dealer },
    ...(runsEverything(dealer) ? {} : { grepInvert: /@two-dealers/ }),
  }));
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.test.mjs',
  outputDir: path.join(out, 'results'),
  // A hung browser must not stall CI: a test still running after two minutes fails.
  timeout: 120_000,
  // Once more in CI, so a one-off hiccup is reported as flaky instead of failing the run.
  retries: process.env.CI ? 1 : 0,
  // Two browsers at once on the 2-core machine: the journeys of two dealers took 740 s
  // with 2 workers against 1,115 s with 1 (load average 22 to 26 from other work both
  // times). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || 2,
  forbidOnly: !!process.env.CI,
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['html', { outputFolder: path.join(out, 'report'), open: 'never' }],
    ['./e2e/summary-reporter.mjs'],
  ],
  use: {
    outDir: out,
    headless: true,
    launchOptions: {
      // The system Chromium, never a downloaded one (`playwright install` is never run).
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
    // CI retries a failed test with a trace (recording every test costs time); locally,
    // where nothing is retried, the trace of a failed test is kept.
    // playwright-core's own defaults, which the journeys were written against (the runner's
    // are none: a wait for something absent would spend the whole test timeout).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: projects(),
});
