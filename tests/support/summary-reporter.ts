import { appendFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends every run with one plain line, "Tests: N passed, N failed, N skipped", and appends the
 * counts to TEST_SUMMARY_FILE when set, so .ci/run can add up several runs.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (module.state() === "failed" && ![...module.children.allTests()].length) failed++;
    }
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) appendFileSync(file, `${passed} ${failed} ${skipped}\n`);
  }
}
