import { randomInt } from "node:crypto";

/*
 * Client addresses for the visitors of shared servers (shared-servers.ts). A shared server
 * trusts X-Forwarded-For from loopback, so a visitor that sends one is, for its limits, the client
 * it names. Each visitor gets an address of its own on the loopback network, drawn at random
 * from 127.0.0.0/8 (16 million addresses: two visitors of one run meet by chance about once in
 * ten thousand runs, and would then still share a limit made for a person, not fail).
 */

/** A new address in 127.0.0.0/8 (never 127.0.0.1, the address every unforwarded request has). */
export function newClientAddress(): string {
  const n = randomInt(2, 2 ** 24 - 1);
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The shared servers' addresses known in this process (their visitors send X-Forwarded-For). */
const SHARED_SITES_VARIABLE = "PERDE_TEST_SHARED_SITES";

/**
 * The shared servers this process knows: the global setup's (inherited in the environment) and
 * those `sharedServer` was handed here.
 */
function sharedSites(): Set<string> {
  return new Set((process.env[SHARED_SITES_VARIABLE] ?? "").split(" ").filter(Boolean));
}

/** Marks `url` as a shared server, in this process and the processes it starts from now on. */
export function rememberSharedSite(url: string) {
  const sites = sharedSites();
  sites.add(new URL(url).origin);
  process.env[SHARED_SITES_VARIABLE] = [...sites].join(" ");
}

let current = newClientAddress();

/** A new address for the test about to run (the e2e setup file calls it before each test). */
export function renewClientAddress() {
  current = newClientAddress();
}

/**
 * The test clocks of shared servers in this file (decision 032): origin → X-Perde-Now's value.
 * Module state, not the environment; a worker runs one file after another in one module graph,
 * so the e2e setup file forgets them before each file: the next file starts on the real clock.
 */
const clocks = new Map<string, string>();

/** Every shared server back on the real clock (the e2e setup file, before each file). */
export function forgetSiteClocks() {
  clocks.clear();
}

/**
 * Puts this file's visitors of the shared server at `url` on a clock that stands at `instant`
 * now and runs on from there, as PERDE_NOW does for a server of its own (undefined: the real
 * clock). The pool's servers take the clock per request (PERDE_TEST_CLOCK=1).
 */
export function setSiteClock(url: string, instant: string | undefined) {
  const origin = new URL(url).origin;
  if (instant === undefined) clocks.delete(origin);
  else {
    if (Number.isNaN(Date.parse(instant))) throw new Error(`not an ISO-8601 instant: ${instant}`);
    clocks.set(origin, `${instant};since=${Date.now()}`);
  }
}

/** The header that puts a request to `site` on this file's clock for it, if it set one. */
export function clockHeaders(site: string): Record<string, string> {
  const clock = clocks.get(new URL(site).origin);
  return clock === undefined ? {} : { "X-Perde-Now": clock };
}

/**
 * The headers that make a request to `site` come from `address` (the running test's own by
 * default), when `site` is a shared server, on the file's clock for it if any; nothing for any
 * other server, which would not believe it anyway and may be testing what it does with a forged
 * one.
 */
export function clientHeaders(site: string, address = current): Record<string, string> {
  return sharedSites().has(new URL(site).origin)
    ? { "X-Forwarded-For": address, ...clockHeaders(site) }
    : {};
}

let fetchSendsClocks = false;

/**
 * Makes this process's `fetch` send the file's clock to the shared servers that have one, so a
 * plain `fetch(site + path)` in a test sees the same day as its browser tabs (the e2e setup file
 * installs it).
 */
export function sendClocksWithFetch() {
  if (fetchSendsClocks) return;
  fetchSendsClocks = true;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const clock = clocks.size ? clockHeaders(url) : {};
    if (!("X-Perde-Now" in clock)) return original(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
    if (!headers.has("X-Perde-Now")) headers.set("X-Perde-Now", clock["X-Perde-Now"]!);
    return original(input, { ...init, headers });
  };
}
