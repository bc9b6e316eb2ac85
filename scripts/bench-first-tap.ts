/*
 * `npm run bench:first-tap`: how long a phone visitor's first tap takes, right after the page has
 * loaded, on Lighthouse's phone profile (4× CPU slowdown, 150 ms round trip, 1.6 Mbps down,
 * 750 kbps up, set through the DevTools protocol as Lighthouse's "devtools" throttling does).
 *
 * For each page: a fresh browser context (empty cache, no cookie), load the page, and as soon as
 * the load event has fired (and again on other fresh loads, BENCH_FIRST_TAP_LATER ms after it,
 * 3000: a visitor who looked at the page first), tap the control with a real touch (touchstart / touchend, which
 * Chromium turns into pointer, mouse and click events as a phone does). The figure is the time
 * from the touch (the pointer-down event's own time stamp) to the first frame where the expected
 * UI is visible: on home, a film and a genre page the focused search field and the open phone menu
 * (HTML: no script has run, decision 026); on home and a film page once hydrated, the live search
 * dialog (the page woken by a pointer movement first); the sign-up form on /auth (whether it came
 * from a page load or from React). A tap is lost when the UI has not appeared after
 * BENCH_FIRST_TAP_TIMEOUT ms (10,000).
 *
 * Also printed: the JavaScript (gzip, from the build's files) whose download started before the
 * load event, and all the JavaScript the visit downloaded by the time the UI was there.
 *
 * BENCH_FIRST_TAP_RUNS (5): fresh loads per page, interleaved, median printed with the range.
 * BENCH_FIRST_TAP_PAGES: only these pages, by the table's name, comma-separated (`auth`).
 * Lighthouse's scores: `npm run bench:lighthouse` (same build, same server settings).
 */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../tests/e2e/chromium";
import { projectRoot, startAppServer } from "../tests/support/app-server";

interface Target {
  name: string;
  path: string;
  /** What is tapped, in the table. */
  label: string;
  /** The control tapped. */
  tap: string;
  /** What must be visible afterwards. */
  expect: string;
  /** Wake the page and wait until React has hydrated before tapping (the dialog path). */
  hydrated?: boolean;
}

// The header's controls are HTML (decision 026): the magnifier is the label of a form's field and
// the phone menu a <details>, so the browser answers the first tap before any script has run.
const SEARCH = 'header form[role="search"] label';
const FOCUSED_FIELD = 'header input[name="q"]:focus';
const MENU = 'header summary[aria-label="Menüyü aç"]';
const OPEN_MENU = 'header nav[aria-label="Mobil menü"]';
const DIALOG = 'dialog [role="combobox"]';
const PAGES = [
  { name: "home", path: "/" },
  { name: "film", path: "/film/baba-1972-238" },
  { name: "genre", path: "/filmler/dram-18" },
];

const ALL_TARGETS: Target[] = [
  ...PAGES.flatMap((page) => [
    { ...page, label: "search → focused field", tap: SEARCH, expect: FOCUSED_FIELD },
    { ...page, label: "menu → open menu", tap: MENU, expect: OPEN_MENU },
  ]),
  ...PAGES.slice(0, 2).map((page) => ({
    ...page,
    label: "hydrated: search → dialog",
    tap: SEARCH,
    expect: DIALOG,
    hydrated: true,
  })),
  {
    name: "auth",
    path: "/auth",
    label: "sign-up tab",
    // A radio button's label before hydration (issue #34.1), the tab link after.
    tap: '[data-auth-tab="signup"]',
    expect: 'input[name="fullName"]',
  },
];
const ONLY = process.env.BENCH_FIRST_TAP_PAGES?.split(",").map((name) => name.trim());
const TARGETS = ONLY ? ALL_TARGETS.filter((target) => ONLY.includes(target.name)) : ALL_TARGETS;
if (!TARGETS.length) throw new Error(`BENCH_FIRST_TAP_PAGES names no page: ${ONLY?.join(", ")}`);
const keyOf = (target: Target) => `${target.name} ${target.label}`;

const RUNS = Math.max(1, Number(process.env.BENCH_FIRST_TAP_RUNS ?? 5));
const TIMEOUT = Number(process.env.BENCH_FIRST_TAP_TIMEOUT ?? 10_000);
const LATER = Number(process.env.BENCH_FIRST_TAP_LATER ?? 3000);

// Lighthouse's mobile profile (its "devtools" throttling values without its 0.9 adjustment).
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/*
 * Runs in every document of the visit, before the page's own scripts: notes the tap's time
 * (kept in sessionStorage, so it outlives a page load the tap causes) and, from the tap on,
 * checks on every frame whether the expected UI is visible. Plain JavaScript in a string: tsx
 * would add its own helpers to a function passed as is.
 */
const watchForTap = (expected: string) => `(() => {
  const expected = ${JSON.stringify(expected)};
  const key = "bench-first-tap";
  const watch = () => {
    const check = () => {
      const element = document.querySelector(expected);
      if (element?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        sessionStorage.setItem(key + "-shown", String(performance.timeOrigin + performance.now()));
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  addEventListener(
    "pointerdown",
    (event) => {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, String(performance.timeOrigin + event.timeStamp));
      watch();
    },
    { capture: true, once: true },
  );
  if (sessionStorage.getItem(key) && !sessionStorage.getItem(key + "-shown")) watch();
})();`;

interface Run {
  ms: number | null;
  jsBeforeLoad: string[];
  jsByTheEnd: string[];
}

async function measure(
  browser: Browser,
  baseURL: string,
  target: Target,
  delay: number,
): Promise<Run> {
  const context = await browser.newContext({
    baseURL,
    locale: "tr-TR",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript({ content: watchForTap(target.expect) });

    let loaded = false;
    const jsBeforeLoad: string[] = [];
    const jsByTheEnd: string[] = [];
    page.on("load", () => (loaded = true));
    page.on("request", (request) => {
      const pathname = new URL(request.url()).pathname;
      if (!pathname.startsWith("/assets/") || !pathname.endsWith(".js")) return;
      if (!loaded) jsBeforeLoad.push(pathname);
      jsByTheEnd.push(pathname);
    });

    await page.goto(target.path, { waitUntil: "load" });
    if (target.hydrated) {
      // A pointer movement wakes the page (decision 014); the tap comes once React has hydrated.
      await page.mouse.move(10, 400);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    }
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const box = await page.locator(target.tap).first().boundingBox();
    if (!box) throw new Error(`${target.name}: ${target.tap} is not on the page`);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const shown = await shownWithin(page, TIMEOUT);
    const ms = shown ? await elapsed(page) : null;
    return { ms, jsBeforeLoad, jsByTheEnd };
  } finally {
    await context.close();
  }
}

/** Asks the page every 100 ms (Playwright's waitForFunction stalled the page's own downloads). */
async function shownWithin(page: Page, timeout: number): Promise<boolean> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const shown = await page
      .evaluate<boolean>('sessionStorage.getItem("bench-first-tap-shown") !== null')
      .catch(() => false); // between two documents, when the tap follows a link
    if (shown) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function elapsed(page: Page): Promise<number> {
  return page.evaluate<number>(
    'sessionStorage.getItem("bench-first-tap-shown") - sessionStorage.getItem("bench-first-tap")',
  );
}

const gzipCache = new Map<string, number>();
async function gzipKB(assets: string[]): Promise<number> {
  let total = 0;
  for (const asset of new Set(assets)) {
    if (!gzipCache.has(asset)) {
      const file = path.join(projectRoot, "build", "client", asset);
      gzipCache.set(asset, gzipSync(await readFile(file)).length);
    }
    total += gzipCache.get(asset)!;
  }
  return total / 1024;
}

const range = (values: number[]) =>
  values.length ? `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))} ms` : "-";
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  if (spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" }).status) {
    process.exit(1);
  }
  const dataDir = path.join(projectRoot, "data", "bench");
  const server = await startAppServer(
    { NODE_ENV: "production", CATALOGUE: "local", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    { timeoutMs: 300_000 },
  );
  const browser = await launchChromium();
  const runs = new Map<string, Run[]>();
  const later = new Map<string, Run[]>();
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const target of TARGETS) {
        runs.set(keyOf(target), [
          ...(runs.get(keyOf(target)) ?? []),
          await measure(browser, server.url, target, 0),
        ]);
        later.set(keyOf(target), [
          ...(later.get(keyOf(target)) ?? []),
          await measure(browser, server.url, target, LATER),
        ]);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const rows: string[][] = [
    [
      "page",
      "tapped",
      "tap at load",
      "range",
      `tap ${LATER / 1000} s later`,
      "range",
      "lost taps",
      "JS before load",
      "JS by the UI",
    ],
  ];
  for (const target of TARGETS) {
    const results = runs.get(keyOf(target))!;
    const times = results.flatMap((result) => (result.ms === null ? [] : [result.ms]));
    const laterTimes = later.get(keyOf(target))!.flatMap((r) => (r.ms === null ? [] : [r.ms]));
    const lost = 2 * results.length - times.length - laterTimes.length;
    const before = Math.max(...(await Promise.all(results.map((r) => gzipKB(r.jsBeforeLoad)))));
    const byTheEnd = median(await Promise.all(results.map((r) => gzipKB(r.jsByTheEnd))));
    rows.push([
      `${target.name} (${target.path})`,
      target.label,
      times.length ? `${Math.round(median(times))} ms` : "-",
      range(times),
      laterTimes.length ? `${Math.round(median(laterTimes))} ms` : "-",
      range(laterTimes),
      `${lost} of ${2 * results.length}`,
      `${before.toFixed(1)} KB`,
      `${byTheEnd.toFixed(1)} KB`,
    ]);
  }

  console.log(
    `\nFirst tap right after the load event, or ${LATER / 1000} s after it, phone profile (${CPU_SLOWDOWN}× CPU, ${NETWORK.latency} ms RTT, ` +
      `1.6 Mbps down), median of ${RUNS} fresh loads, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}\n` +
      `"JS before load": gzip of the scripts requested before the load event (largest run); ` +
      `"JS by the UI": all scripts requested by the time the UI showed (median)\n`,
  );
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) =>
          column <= 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join("  "),
    );
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
  console.log("\nLighthouse's scores for these pages: npm run bench:lighthouse");
  const lostTaps = [...runs.values(), ...later.values()]
    .flat()
    .some((result) => result.ms === null);
  if (lostTaps) process.exitCode = 1;
}

await main();
