// The end-to-end runner: `BASE_URL=http://<slug>.localhost:<port> node e2e/run.mjs`.
// Optional: SEARCH_PATH (default /search/new-used-and-demo-cars), VEHICLE_PATH (default:
// the first card of the search page), E2E_ONLY (run the tests whose name contains it). Prints one line per test and a final
// "N passed, M failed" line; exits non-zero when a test fails.
import { launchBrowser } from './browser.mjs';
import { tests as account } from './account.test.mjs';
import { tests as catalogue } from './catalogue.test.mjs';
import { tests as chrome } from './chrome.test.mjs';
import { tests as comparisonRate } from './comparison-rate.test.mjs';
import { tests as finance } from './finance.test.mjs';
import { tests as forms } from './forms.test.mjs';
import { tests as homeLocations } from './home-locations.test.mjs';
import { tests as looks } from './looks.test.mjs';
import { tests as parts } from './parts.test.mjs';
import { tests as reserve } from './reserve.test.mjs';
import { tests as search } from './search.test.mjs';
import { tests as smoke } from './smoke.test.mjs';
import { tests as surface } from './surface.test.mjs';
import { tests as tradeIn } from './trade-in.test.mjs';
import { tests as vehicle } from './vehicle.test.mjs';

const all = [
  ...smoke,
  ...catalogue,
  ...parts,
  ...reserve,
  ...vehicle,
  ...comparisonRate,
  ...finance,
  ...account,
  ...forms,
  ...tradeIn,
  ...search,
  ...homeLocations,
  ...looks,
  ...chrome,
  ...surface,
];
// E2E_ONLY=text runs only the tests whose name contains it (while working on one journey).
const only = process.env.E2E_ONLY;
const tests = only ? all.filter((test) => test.name.includes(only)) : all;

const base = process.env.BASE_URL;
if (!base) {
  console.error('BASE_URL is required, e.g. BASE_URL=http://acme.localhost:8080 node e2e/run.mjs');
  process.exit(2);
}
const options = {
  base,
  searchPath: process.env.SEARCH_PATH ?? '/search/new-used-and-demo-cars',
  vehiclePath: process.env.VEHICLE_PATH,
};

/** A test that has not finished after this long fails (a hung browser must not stall CI). */
const TEST_TIMEOUT_MS = 120_000;

function withTimeout(promise, name) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name}: no result after ${TEST_TIMEOUT_MS / 1000} s`)),
      TEST_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Console messages of the current browser that report a Content Security Policy
 *  violation: every page must work under the CSP the server sends, so any such message
 *  fails the test that caused it. */
let cspViolations = [];
function watchCsp(context) {
  const seen = [];
  context.on('console', (message) => {
    const text = message.text();
    if (text.includes('Content Security Policy')) seen.push(`${message.location().url}: ${text}`);
  });
  return seen;
}

let browser;
let closed = true;
async function relaunch() {
  if (browser) await browser.close().catch(() => {});
  browser = await launchBrowser();
  cspViolations = watchCsp(browser.context);
  closed = false;
  browser.context.on('close', () => {
    closed = true;
  });
}
await relaunch();
let passed = 0;
let failed = 0;
try {
  for (const test of tests) {
    // A browser that crashed or hung in the previous test is replaced, so each test
    // reports on its own page.
    if (closed) await relaunch();
    const started = Date.now();
    cspViolations.length = 0;
    try {
      await withTimeout(test.run({ ...options, context: browser.context }), test.name);
      if (cspViolations.length > 0) {
        throw new Error(
          `Content Security Policy violations in the console:\n${cspViolations.join('\n')}`,
        );
      }
      passed += 1;
      console.log(`ok   ${test.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed += 1;
      // The page may have hung: start the next test on a fresh browser.
      await relaunch();
      console.log(
        `FAIL ${test.name}\n     ${String(error?.stack ?? error)
          .split('\n')
          .join('\n     ')}`,
      );
    }
  }
} finally {
  await browser.close().catch(() => {});
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
