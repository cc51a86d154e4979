// The end-to-end runner: `BASE_URL=http://<slug>.localhost:<port> node e2e/run.mjs`.
// Optional: SEARCH_PATH (default /search/new-used-and-demo-cars), VEHICLE_PATH (default:
// the first card of the search page). Prints one line per test and a final
// "N passed, M failed" line; exits non-zero when a test fails.
import { launchBrowser } from './browser.mjs';
import { tests } from './smoke.test.mjs';

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

const browser = await launchBrowser();
let passed = 0;
let failed = 0;
try {
  for (const test of tests) {
    try {
      await test.run({ ...options, context: browser.context });
      passed += 1;
      console.log(`ok   ${test.name}`);
    } catch (error) {
      failed += 1;
      console.log(`FAIL ${test.name}\n     ${String(error?.stack ?? error).split('\n').join('\n     ')}`);
    }
  }
} finally {
  await browser.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
