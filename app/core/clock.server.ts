/*
 * The site's clock. Everything that depends on today (what aired, the calendar, a diary's
 * default date, what is on in cinemas) asks here instead of `new Date()`, so tests can run on a
 * chosen day: PERDE_NOW (an ISO-8601 instant) sets where the clock starts, and it then runs at
 * the normal pace. Unset, it is the machine's clock. Days are Europe/Istanbul's, as the site's
 * readers live them. Columns the database stamps itself (`created_at … default now()`) keep the
 * machine's time even then: a test that sets PERDE_NOW compares the site's days, not those.
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

/** Now, as milliseconds since the epoch. */
export function nowMs(): number {
  return Date.now() + offset;
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
