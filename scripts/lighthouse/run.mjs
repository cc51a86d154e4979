// Runs Lighthouse on each URL given (mobile form factor, simulated throttling) in the
// system Chromium and prints one line per page: performance and accessibility scores,
// largest contentful paint, total blocking time, cumulative layout shift, and the bytes
// the page transferred on first load (all, and images alone), as KB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../frontend/e2e/chromium-flags.mjs';

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: node run.mjs URL...');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'forecourt-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  userDataDir: profile,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const pad = (text, width) => String(text).padEnd(width);
console.log(
  `${pad('page', 72)} ${pad('perf', 5)} ${pad('a11y', 5)} ${pad('LCP ms', 8)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('total KB', 9)} image KB`,
);
/** Transferred bytes of one resource type in the resource-summary audit, as KB. */
const kb = (lhr, type) => {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const item = items.find((i) => i.resourceType === type);
  return item ? Math.round(item.transferSize / 1024) : NaN;
};
let failed = false;
try {
  for (const url of urls) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) {
      failed = true;
      console.log(`${pad(url, 72)} error: ${lhr?.runtimeError?.message ?? 'no result'}`);
      continue;
    }
    const audit = (id) => lhr.audits[id]?.numericValue;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    console.log(
      `${pad(url, 72)} ${pad(score('performance'), 5)} ${pad(score('accessibility'), 5)} ${pad(Math.round(audit('largest-contentful-paint') ?? NaN), 8)} ${pad(Math.round(audit('total-blocking-time') ?? NaN), 7)} ${pad((audit('cumulative-layout-shift') ?? NaN).toFixed(3), 6)} ${pad(kb(lhr, 'total'), 9)} ${kb(lhr, 'image')}`,
    );
  }
} finally {
  await chrome.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
