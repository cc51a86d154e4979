// Closes the run with one plain line, `e2e: N passed, N failed, N skipped` (a test that
// passed on its retry counts as passed and is named as flaky above it), which CI reads.
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
    const { passed, failed, skipped } = this.counts;
    console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
