import { appendFileSync } from "node:fs";
import type { Reporter, TestCase, TestModule } from "vitest/node";

/**
 * Ends every run with the ten slowest tests, the five slowest files (tests and hooks: a server
 * or browser a file starts shows here, not in its tests), the run's wall time, and one plain line,
 * "Tests: N passed, N failed, N skipped"; appends the counts to TEST_SUMMARY_FILE when set, so
 * .ci/run can add up several runs.
 */
export default class SummaryReporter implements Reporter {
  private started = Date.now();

  onInit() {
    this.started = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const timed: { test: TestCase; ms: number }[] = [];
    const files: { name: string; ms: number }[] = [];
    for (const module of modules) {
      files.push({ name: shortName(module), ms: module.diagnostic().duration });
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
        const ms = test.diagnostic()?.duration;
        if (ms !== undefined) timed.push({ test, ms });
      }
      if (module.state() === "failed" && ![...module.children.allTests()].length) failed++;
    }
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length > 1) {
      console.log("\nSlowest tests:");
      for (const { test, ms } of slowest) {
        console.log(
          `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${shortName(test.module)} › ${test.name}`,
        );
      }
    }
    if (files.length > 1) {
      console.log("\nSlowest files (tests and hooks):");
      for (const { name, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 5)) {
        console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
      }
    }
    console.log(`Wall time: ${((Date.now() - this.started) / 1000).toFixed(0)} s`);
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    const file = process.env.TEST_SUMMARY_FILE;
    if (file) appendFileSync(file, `${passed} ${failed} ${skipped}\n`);
  }
}

/** A test file's path from app/, tests/ or server/. */
function shortName(module: TestModule): string {
  return module.moduleId.replace(/^.*?\/(app|tests|server)\//, "$1/");
}
