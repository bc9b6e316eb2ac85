import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_FLAGS, "--disable-quic"],
  });
}
