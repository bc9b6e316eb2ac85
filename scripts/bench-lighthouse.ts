/*
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default throttling) on the system Chromium
 * against the production server on the embedded defaults, for the home, film, genre and person
 * pages. Prints the four category scores and LCP / TBT / CLS of each, the JavaScript (gzip) the
 * browser asked for before the load event, and what the page's first interaction loads (decisions
 * 014 and 017: an anonymous page fetches it after the load event, and runs it on that interaction).
 *
 * Each page is measured BENCH_LIGHTHOUSE_RUNS times (3), interleaved with the other pages, and
 * the run with the median performance score is printed, with the range of that score: on a
 * shared machine one run can be ten points off (simulated throttling multiplies the machine's
 * own CPU time by four).
 *
 * BENCH_LIGHTHOUSE_JSON=<dir>: also writes each page's median report there (<page>.json) and
 * lists the page's scripts with their gzip sizes.
 */
import { spawnSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { CHROMIUM_FLAGS, findChromium } from "../tests/e2e/chromium";
import { projectRoot, startAppServer } from "../tests/support/app-server";

const PAGES: [name: string, path: string][] = [
  ["home", "/"],
  ["film", "/film/baba-1972-238"],
  ["genre", "/filmler/dram-18"],
  ["person", "/oyuncu/tom-cruise-500"],
  ["auth", "/auth"],
];

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

const REPORTS = process.env.BENCH_LIGHTHOUSE_JSON;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** The gzip size of the given build assets, listed with REPORTS. */
async function gzipSize(label: string, assets: Iterable<string>): Promise<number> {
  let total = 0;
  const sizes: string[] = [];
  for (const asset of new Set(assets)) {
    const size = gzipSync(await readFile(path.join(projectRoot, "build", "client", asset))).length;
    total += size;
    sizes.push(`${(size / 1024).toFixed(1).padStart(6)} KB  ${asset}`);
  }
  if (REPORTS) console.log(`${label} (gzip)\n${sizes.join("\n") || "     none"}`);
  return total;
}

/**
 * The scripts Chromium asked for during Lighthouse's visit (no interaction happens there) before
 * the load event: an anonymous page fetches its modules only after it (decision 017).
 */
function scriptsBeforeLoad(result: RunnerResult): string[] {
  const details = result.lhr.audits["network-requests"]?.details as
    { items?: { url: string; resourceType?: string; rendererStartTime?: number }[] } | undefined;
  const metrics = result.lhr.audits.metrics?.details as
    { items?: { observedLoad?: number }[] } | undefined;
  const load = metrics?.items?.[0]?.observedLoad ?? Infinity;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === "Script" && (item.rendererStartTime ?? 0) < load)
    .map((item) => new URL(item.url).pathname)
    .filter((pathname) => pathname.startsWith("/assets/"));
}

/** Every script the page's HTML names: what the first interaction loads (decision 014). */
function namedScripts(html: string): string[] {
  return [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
}

async function main() {
  if (spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" }).status) {
    process.exit(1);
  }
  const chromePath = process.env.CHROME_PATH ?? findChromium();
  if (!chromePath) throw new Error("No Chromium: set CHROME_PATH or install Debian's chromium.");
  // Inside this checkout: another checkout (another schema) must never open the same database.
  const dataDir = path.join(projectRoot, "data", "bench");
  const server = await startAppServer(
    { NODE_ENV: "production", CATALOGUE: "local", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    { timeoutMs: 300_000 },
  );
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const rows: string[][] = [
    [
      "page",
      "performance",
      "accessibility",
      "best practices",
      "SEO",
      "LCP",
      "TBT",
      "CLS",
      "JS before load",
      "JS on interaction",
      "performance range",
    ],
  ];
  try {
    const results = new Map<string, RunnerResult[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const [name, page] of PAGES) {
        const url = server.url + page;
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        results.set(name, [...(results.get(name) ?? []), result]);
      }
    }
    for (const [name, page] of PAGES) {
      const performance = (result: RunnerResult) => result.lhr.categories.performance?.score ?? 0;
      const runs = results.get(name)!.sort((a, b) => performance(a) - performance(b));
      const result = runs[Math.floor(runs.length / 2)]!;
      const range = `${Math.round(performance(runs[0]!) * 100)}-${Math.round(performance(runs.at(-1)!) * 100)}`;
      if (REPORTS) {
        await mkdir(REPORTS, { recursive: true });
        await writeFile(path.join(REPORTS, `${name}.json`), JSON.stringify(result.lhr));
      }
      const { categories, audits } = result.lhr;
      const js = await gzipSize(
        `${name}: scripts asked for before the load event`,
        scriptsBeforeLoad(result),
      );
      const html = await (await fetch(server.url + page)).text();
      const onInteraction = await gzipSize(
        `${name}: scripts after an interaction`,
        namedScripts(html),
      );
      const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
      rows.push([
        name,
        score("performance"),
        score("accessibility"),
        score("best-practices"),
        score("seo"),
        `${((audits["largest-contentful-paint"]?.numericValue ?? 0) / 1000).toFixed(2)} s`,
        `${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms`,
        (audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
        `${(js / 1024).toFixed(1)} KB`,
        `${(onInteraction / 1024).toFixed(1)} KB`,
        range,
      ]);
      const failing = Object.values(categories)
        .flatMap((category) => category.auditRefs)
        .map((ref) => audits[ref.id])
        .filter(
          (audit) =>
            audit &&
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== "informative",
        )
        .map((audit) => audit!.id);
      if (failing.length)
        console.log(`${name}: audits below 0.9: ${[...new Set(failing)].join(", ")}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log(
    `\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling, median of ${RUNS}), ${chromePath}, ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}\n`,
  );
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join("  "),
    );
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}

function lighthouseVersion(): string {
  return spawnSync(process.execPath, ["-p", "require('lighthouse/package.json').version"], {
    cwd: projectRoot,
    encoding: "utf8",
  }).stdout.trim();
}

await main();
