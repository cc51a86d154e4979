// Runs Lighthouse on each URL given (mobile form factor, simulated throttling) in the
// system Chromium and prints one line per page: performance and accessibility scores,
// largest contentful paint, total blocking time and cumulative layout shift.
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
console.log(`${pad('page', 72)} ${pad('perf', 5)} ${pad('a11y', 5)} ${pad('LCP ms', 8)} ${pad('TBT ms', 7)} CLS`);
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
      `${pad(url, 72)} ${pad(score('performance'), 5)} ${pad(score('accessibility'), 5)} ${pad(Math.round(audit('largest-contentful-paint') ?? NaN), 8)} ${pad(Math.round(audit('total-blocking-time') ?? NaN), 7)} ${(audit('cumulative-layout-shift') ?? NaN).toFixed(3)}`,
    );
  }
} finally {
  await chrome.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
