import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/support/sequencer";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// How long a test or hook may take before it counts as hung. Tests wait for the events they need,
// never for a length of time; these only bound a wait that never ends. They are set for a
// 2-core machine that is also building and testing other things: there, a password hash
// (scrypt) or a server start takes several times as long as on a quiet one, and the limits of a
// quiet machine failed tests that were only slow.
const UNIT_TIMEOUT = 30_000;
const SLOW_TIMEOUT = 120_000;

// Three projects: `unit` (pure code), `db` (real database code on PGlite, or on PostgreSQL when
// TEST_DATABASE_URL is set) and `e2e` (Chromium against the built server).
export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one. A browser
    // file's worker mostly waits while its server and Chromium work, so three workers keep both
    // cores busy (TEST_WORKERS overrides): on this machine two left a core idle for a third of
    // the run, three leave it idle about 1% of the time.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // The longest files first, whatever their project (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
          environment: "node",
          testTimeout: UNIT_TIMEOUT,
          hookTimeout: UNIT_TIMEOUT,
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "tests/db/**/*.test.ts"],
          // One module graph per worker, not per file: each file still opens a database of its
          // own, but no longer imports the app's modules and PGlite again (79 s → 45 s for the
          // project on two workers). So a db file never mocks a module: it hands the function a
          // stand-in (deliverPushes' `send`) instead.
          isolate: false,
          environment: "node",
          globalSetup: ["./tests/db/global-setup.ts"],
          testTimeout: SLOW_TIMEOUT,
          hookTimeout: SLOW_TIMEOUT,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          environment: "node",
          globalSetup: ["./tests/e2e/global-setup.ts"],
          setupFiles: ["./tests/e2e/setup.ts"],
          // One module graph per worker, as in the db project: a file no longer starts a process
          // of its own and imports Playwright and the test helpers again (about 1.5-4 s of CPU a
          // file). The setup file puts each file back on the real clock.
          isolate: false,
          testTimeout: SLOW_TIMEOUT,
          hookTimeout: SLOW_TIMEOUT,
          // `expect.poll` waits for a page or the server to show a change; Vitest's default of
          // 1 s failed calendar.e2e.ts on this busy machine (a click's answer took longer).
          expect: { poll: { timeout: 30_000 } },
          // Shared servers (tests/support/shared-servers.ts: the embedded catalogue, the fake movie
          // database, and one per set of variables files ask for) for the whole project; files
          // run two at a time, on one Chromium, each with accounts of its own.
          fileParallelism: true,
        },
      },
      {
        extends: true,
        test: {
          // Needs PostgreSQL's server binaries and root; .ci/run runs it with FAULT_TESTS=1.
          name: "fault",
          include: ["tests/fault/**/*.fault.ts"],
          environment: "node",
          globalSetup: ["./tests/fault/global-setup.ts"],
          hookTimeout: 240_000,
          testTimeout: 120_000,
          // Each file loads the machine on purpose and some checks have deadlines: one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
