/*
 * The calendar's days, as a Turkish reader names them: "Bugün", "Yarın", "Dün", then
 * "Cuma, 28 Kasım" (with the year only when it is not this year's). Days are YYYY-MM-DD strings
 * of Istanbul's calendar (app/core/clock.server.ts), so no time zone is involved here: a day is
 * read at UTC midnight and formatted in UTC.
 */

import { STATUS_SLUGS } from "~/library/statuses";

/** /takvim shows a week back and a month ahead. */
export const PAGE_DAYS_BACK = 7;
export const PAGE_DAYS_AHEAD = 30;

/** The `durum` filter's choices, spelled as the list page spells them. */
export const CALENDAR_FILTERS = [
  { slug: undefined, label: "Tümü" },
  { slug: STATUS_SLUGS.watching, label: "İzliyorum" },
  { slug: STATUS_SLUGS.plan_to_watch, label: "İzleyeceğim" },
] as const;

const weekdayAndDay = new Intl.DateTimeFormat("tr-TR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});
const weekdayDayAndYear = new Intl.DateTimeFormat("tr-TR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

const atMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
const DAY_MS = 86_400_000;

/** The heading of a calendar day, seen on `today`. */
export function dayHeading(day: string, today: string): string {
  const offset = Math.round((atMidnight(day) - atMidnight(today)) / DAY_MS);
  if (offset === 0) return "Bugün";
  if (offset === 1) return "Yarın";
  if (offset === -1) return "Dün";
  const format = day.slice(0, 4) === today.slice(0, 4) ? weekdayAndDay : weekdayDayAndYear;
  // Intl writes "28 Kasım Cuma"; the site reads "Cuma, 28 Kasım" (and "…, 2 Ocak 2027").
  const parts = format.formatToParts(atMidnight(day));
  const weekday = parts.find((part) => part.type === "weekday")?.value ?? "";
  const rest = parts
    .filter((part) => part.type === "day" || part.type === "month" || part.type === "year")
    .map((part) => part.value)
    .join(" ");
  return `${weekday}, ${rest}`;
}

/** Items grouped by their day, in the order they came (the query sorts them by day). */
export function groupByDay<Item extends { airDate: string }>(
  items: readonly Item[],
): { day: string; items: Item[] }[] {
  const groups: { day: string; items: Item[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.day === item.airDate) last.items.push(item);
    else groups.push({ day: item.airDate, items: [item] });
  }
  return groups;
}

/** "2. Sezon 3. Bölüm". */
export const episodeLabel = (season: number, episode: number) =>
  `${season}. Sezon ${episode}. Bölüm`;
