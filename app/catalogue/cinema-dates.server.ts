import { addDays, istanbulDay } from "~/core/clock.server";
import type { CinemaRelease } from "./types";

/*
 * The calendar of Turkish cinemas (Vizyonda, issue #26). Films open on Fridays, and the trade
 * and the press count a "vizyon haftası" from Friday to Thursday, in Istanbul's days.
 */

/**
 * How far back a film still counts as showing, and how far ahead "Yakında" looks. Wide releases
 * stay on Turkish screens for about two months (eight weeks); distributors announce their
 * Turkish dates some two or three months ahead, so ten weeks of openings fill "Yakında" without
 * listing dates that are still likely to move. Both sources use the same windows.
 */
const CINEMA_WINDOW = { showingDays: 8 * 7, upcomingDays: 10 * 7 } as const;

/** Friday is day 5 of JavaScript's week (Sunday is 0). */
const FRIDAY = 5;

/** The release week (Friday to Thursday, YYYY-MM-DD) a day of Istanbul falls in. */
export function releaseWeekOfDay(day: string): { start: string; end: string } {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const start = addDays(day, -((weekday - FRIDAY + 7) % 7));
  return { start, end: addDays(start, 6) };
}

/**
 * The release week an instant falls in, by Istanbul's calendar (Türkiye keeps UTC+3 all year,
 * and only the calendar day matters here, so there is no summer time to mind).
 */
export function releaseWeekAt(instant: Date | number): { start: string; end: string } {
  return releaseWeekOfDay(istanbulDay(instant));
}

/** The days that bound each list on `today` (inclusive). */
export function cinemaWindow(today: string) {
  return {
    showingFrom: addDays(today, -(CINEMA_WINDOW.showingDays - 1)),
    upcomingTo: addDays(today, CINEMA_WINDOW.upcomingDays),
  };
}

const byPopularity = (a: CinemaRelease, b: CinemaRelease) =>
  b.popularity - a.popularity || a.id - b.id;

/** The order of "showing now": newest opening first, then the most popular. */
export const newestOpeningFirst = (a: CinemaRelease, b: CinemaRelease) =>
  b.turkishReleaseDate.localeCompare(a.turkishReleaseDate) || byPopularity(a, b);

/** The order of "Yakında": soonest opening first, then the most popular. */
export const soonestOpeningFirst = (a: CinemaRelease, b: CinemaRelease) =>
  a.turkishReleaseDate.localeCompare(b.turkishReleaseDate) || byPopularity(a, b);
