import { AsyncLocalStorage } from "node:async_hooks";

/*
 * The site's clock. Everything that depends on today (what aired, the calendar, a diary's
 * default date, what is on in cinemas) asks here instead of `new Date()`, so tests can run on a
 * chosen day: PERDE_NOW (an ISO-8601 instant) sets where the clock starts, and it then runs at
 * the normal pace. Unset, it is the machine's clock. Days are Europe/Istanbul's, as the site's
 * readers live them. Columns the database stamps itself (`created_at … default now()`) keep the
 * machine's time even then: a test that sets PERDE_NOW compares the site's days, not those.
 *
 * A server started with PERDE_TEST_CLOCK=1 (the test suite's shared servers, never production)
 * also takes a clock per request (decision 032): `X-Perde-Now: <instant>;since=<epoch ms>` makes
 * that request's (and the jobs it queues') clock one that stood at <instant> when the machine's
 * clock read <since>, running at the normal pace from there, as PERDE_NOW does for a whole
 * server. Without the switch the header means nothing.
 */

export const SITE_TIME_ZONE = "Europe/Istanbul";

function startingOffset(): number {
  const fixed = process.env.PERDE_NOW;
  if (!fixed) return 0;
  const at = Date.parse(fixed);
  if (Number.isNaN(at)) throw new Error(`PERDE_NOW is not an ISO-8601 instant: ${fixed}`);
  return at - Date.now();
}

const offset = startingOffset();

/** The request header that carries a test's clock (only on a server with PERDE_TEST_CLOCK=1). */
export const TEST_CLOCK_HEADER = "x-perde-now";

/** Whether this server takes a clock per request: the test suite's switch, read once at start. */
export const testClockEnabled = process.env.PERDE_TEST_CLOCK === "1";

const TEST_CLOCK = /^(\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:\d{2}))(?:;since=(\d{1,15}))?$/;

/**
 * The offset (ms) a test clock header asks for, or undefined when it is absent or malformed.
 * `<instant>` alone stands at <instant> when the request arrives.
 */
export function testClockOffset(header: string | string[] | undefined): number | undefined {
  if (typeof header !== "string") return undefined;
  const match = TEST_CLOCK.exec(header.trim());
  if (!match) return undefined;
  const at = Date.parse(match[1]!);
  if (Number.isNaN(at)) return undefined;
  const since = match[2] === undefined ? Date.now() : Number(match[2]);
  return at - since;
}

/** The clock offset of the request (or job) being served, when a test set one. */
const requestClock = new AsyncLocalStorage<number>();

/**
 * Runs `work` on a test's clock (its offset from the machine's). Only ever called when
 * `testClockEnabled` (the front door and the job queue check it).
 */
export function withClockOffset<T>(clockOffset: number, work: () => T): T {
  return requestClock.run(clockOffset, work);
}

/** The test clock's offset in force here, if any (the job queue hands it to the jobs it sends). */
export const currentClockOffset = (): number | undefined =>
  testClockEnabled ? requestClock.getStore() : undefined;

/** Now, as milliseconds since the epoch. */
export function nowMs(): number {
  return Date.now() + (testClockEnabled ? (requestClock.getStore() ?? offset) : offset);
}

export function now(): Date {
  return new Date(nowMs());
}

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day (YYYY-MM-DD) an instant falls on in Istanbul. */
export function istanbulDay(instant: Date | number): string {
  return dayFormat.format(instant);
}

/** Today in Istanbul, as YYYY-MM-DD. */
export function today(): string {
  return istanbulDay(nowMs());
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
