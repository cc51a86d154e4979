// Runs Lighthouse on each URL given (mobile form factor, simulated throttling) in the
// system Chromium and prints one line per page: performance and accessibility scores,
// largest contentful paint, total blocking time, cumulative layout shift, and the bytes
// the page transferred on first load (all, and images alone), as KB. Each page is
// measured LIGHTHOUSE_RUNS times (3 unless set) and the median run printed, as
// Lighthouse's guide to variability advises, with the range of the performance scores.
// With LIGHTHOUSE_OUT set, every run's report is kept there as <page>-<run>.json, to see
// what made a figure (the LCP element and its phases, the long tasks).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS } from '../../frontend/e2e/chromium-flags.mjs';

const urls = process.argv.slice(2);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const out = process.env.LIGHTHOUSE_OUT;
if (urls.length === 0 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: [LIGHTHOUSE_RUNS=N] [LIGHTHOUSE_OUT=DIR] node run.mjs URL...');
  process.exit(2);
}
if (out) mkdirSync(out, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), 'forecourt-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  userDataDir: profile,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const pad = (text, width) => String(text).padEnd(width);
console.log(
  `${pad('page', 72)} ${pad('perf', 5)} ${pad('a11y', 5)} ${pad('LCP ms', 8)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('total KB', 9)} ${pad('image KB', 9)} perf of ${runs} runs`,
);
/** Transferred bytes of one resource type in the resource-summary audit, as KB. */
const kb = (lhr, type) => {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const item = items.find((i) => i.resourceType === type);
  return item ? Math.round(item.transferSize / 1024) : NaN;
};
let failed = false;
try {
  for (const [page, url] of urls.entries()) {
    const lhrs = [];
    let error = null;
    for (let run = 0; run < runs && !error; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) error = lhr?.runtimeError?.message ?? 'no result';
      else lhrs.push(lhr);
      if (out && lhr) writeFileSync(join(out, `${page}-${run}.json`), JSON.stringify(lhr));
    }
    if (error) {
      failed = true;
      console.log(`${pad(url, 72)} error: ${error}`);
      continue;
    }
    const lhr = computeMedianRun(lhrs);
    const audit = (id) => lhr.audits[id]?.numericValue;
    const score = (report, id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const scores = lhrs.map((report) => score(report, 'performance')).sort((a, b) => a - b);
    console.log(
      `${pad(url, 72)} ${pad(score(lhr, 'performance'), 5)} ${pad(score(lhr, 'accessibility'), 5)} ${pad(Math.round(audit('largest-contentful-paint') ?? NaN), 8)} ${pad(Math.round(audit('total-blocking-time') ?? NaN), 7)} ${pad((audit('cumulative-layout-shift') ?? NaN).toFixed(3), 6)} ${pad(kb(lhr, 'total'), 9)} ${pad(kb(lhr, 'image'), 9)} ${scores.join(' ')}`,
    );
  }
} finally {
  await chrome.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
