import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserServer } from "playwright-core";

/** The system Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
}

export const chromiumPath = findChromium();

/** Headless on this closed network: no sandbox as root, no GPU, no calls home. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const LAUNCH_OPTIONS = {
  executablePath: chromiumPath,
  headless: true,
  args: [...CHROMIUM_FLAGS, "--disable-quic"],
};

/** Where the e2e global setup's shared Chromium listens (the test files' processes inherit it). */
export const SHARED_CHROMIUM_VARIABLE = "PERDE_TEST_CHROMIUM_WS";

/**
 * A Chromium for a test file or a script. Under the e2e project it is a connection to the one
 * Chromium the global setup started for every file (`startSharedChromium`): a launch costs about
 * 3.5 s of CPU (browser, GPU and network processes), a connection next to nothing, and contexts
 * share no cookies, storage or cache whichever connection made them. `close()` on a connection
 * closes the contexts it opened and disconnects; the shared Chromium runs on. Elsewhere (scripts,
 * a test file run without the global setup) it is a Chromium of its own.
 */
export function launchChromium(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_VARIABLE];
  if (shared) return chromium.connect(shared);
  return chromium.launch(LAUNCH_OPTIONS);
}

/** One Chromium for a whole test run; its address goes to the test files in SHARED_CHROMIUM_VARIABLE. */
export function startSharedChromium(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}
