// Closes the run with one plain line, `e2e: N passed, N failed, N skipped` (a test that
// passed on its retry counts as passed and is named as flaky above it), which CI reads.
// Above it, the time each journey file took summed over its tries and dealers, slowest
// first: what to look at when the run nears CI's limit.
export default class SummaryReporter {
  constructor() {
    this.counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  }

  onBegin(_config, suite) {
    this.suite = suite;
  }

  printsToStdio() {
    return false;
  }

  onEnd() {
    const ran = this.suite.allTests().filter((test) => test.results.length > 0);
    // `--list` runs nothing: no line, so no reader takes it for a run.
    if (ran.length === 0) return;
    for (const test of ran) {
      const outcome = test.outcome();
      if (outcome === 'expected') this.counts.passed += 1;
      else if (outcome === 'flaky') {
        this.counts.passed += 1;
        this.counts.flaky += 1;
        console.log(
          `e2e: flaky (passed on retry): ${test.titlePath().filter(Boolean).join(' > ')}`,
        );
      } else if (outcome === 'skipped') this.counts.skipped += 1;
      else this.counts.failed += 1;
    }
    // The last lines of the log are what CI keeps: each failure's first error lines.
    for (const test of ran) {
      if (test.outcome() !== 'unexpected') continue;
      const error = test.results.at(-1)?.error?.message ?? 'no error message';
      const lines = error
        // Playwright colours its messages; the log is read as plain text.
        // eslint-disable-next-line no-control-regex
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const what = lines.slice(0, 3).join(' | ').slice(0, 400);
      console.log(`e2e: failed: ${test.titlePath().filter(Boolean).join(' > ')}: ${what}`);
    }
    const byFile = new Map();
    for (const test of ran) {
      const file = test.location.file.split('/').pop();
      const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    const slowest = [...byFile].sort((a, b) => b[1] - a[1]);
    console.log(
      `e2e: time per file (all dealers, all tries): ${slowest.map(([file, ms]) => `${file} ${Math.round(ms / 1000)} s`).join(', ')}`,
    );
    const { passed, failed, skipped } = this.counts;
    console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
