import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { addDays, now, SITE_TIME_ZONE, today } from "~/core/clock.server";
import { paths } from "~/core/paths";
import type { Database } from "~/db/client.server";
import { calendarFeeds } from "~/db/tracking-schema";
import { episodeLabel } from "./calendar-days";
import { calendarEpisodes } from "./calendar.server";
import { ownEpisodeName } from "~/catalogue/display";

/*
 * The private calendar feed (Takvim aboneliği). Its address carries a token of 32 random bytes
 * (base64url, 43 characters); only its SHA-256 is stored, so the database alone cannot open
 * anyone's feed, and the page can show the address only right after it was made. Making a new
 * one replaces the hash: the old address then answers 404.
 */

/** The days a feed covers around today: a week back (just aired) and three months ahead. */
const FEED_DAYS_BACK = 7;
const FEED_DAYS_AHEAD = 90;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for the person, replacing any earlier one (whose address stops working). */
export async function issueFeedToken(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // The site's clock, not the database's: a feed made on a test's chosen day says that day.
  const made = { tokenHash: hashOf(token), createdAt: now() };
  await db
    .insert(calendarFeeds)
    .values({ userId, ...made })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: made });
  return token;
}

/** Removes the person's feed: its address answers 404 from now on. */
export async function removeFeed(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return removed.length > 0;
}

/** When the person's feed was made, or null when they have none. Never the hash. */
export async function feedCreatedAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.createdAt ?? null;
}

/** Whose feed a token opens, or null (a malformed, unknown or replaced token). */
export async function feedOwner(db: Database, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  return row?.userId ?? null;
}

/** The person's feed as iCalendar text: one all-day event per episode in the window. */
export async function feedCalendar(
  db: Database,
  userId: string,
  siteUrl: string,
  day = today(),
): Promise<string> {
  const episodes = await calendarEpisodes(db, userId, {
    from: addDays(day, -FEED_DAYS_BACK),
    to: addDays(day, FEED_DAYS_AHEAD),
  });
  const host = new URL(siteUrl).hostname;
  const calendar = new ICAL.Component("vcalendar");
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("prodid", "-//Perde//Takvim//TR");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", "PUBLISH");
  calendar.updatePropertyWithValue("name", "Perde takvimi");
  calendar.updatePropertyWithValue("x-wr-calname", "Perde takvimi");
  calendar.updatePropertyWithValue(
    "x-wr-caldesc",
    "İzlediğiniz ve izleyeceğiniz dizilerin bölümleri",
  );
  // Events are whole days (DATE values), which carry no zone; the calendar says whose days they are.
  calendar.updatePropertyWithValue("x-wr-timezone", SITE_TIME_ZONE);
  // How often calendar apps should ask again (those that honour it).
  calendar.updatePropertyWithValue("refresh-interval", ICAL.Duration.fromString("PT6H"));
  calendar.updatePropertyWithValue("x-published-ttl", "PT6H");
  const stamp = ICAL.Time.fromJSDate(now(), true);
  for (const episode of episodes) {
    const label = episodeLabel(episode.seasonNumber, episode.episodeNumber);
    const path = paths.episode(episode.seriesId, episode.seasonNumber, episode.episodeNumber);
    const event = new ICAL.Component("vevent");
    // Stable per episode: a changed date or name replaces the event instead of adding one.
    event.updatePropertyWithValue(
      "uid",
      `perde-${episode.seriesId}-s${episode.seasonNumber}-e${episode.episodeNumber}@${host}`,
    );
    event.updatePropertyWithValue("dtstamp", stamp);
    event.updatePropertyWithValue("dtstart", ICAL.Time.fromDateString(episode.airDate));
    event.updatePropertyWithValue(
      "summary",
      [episode.seriesName, label, ownEpisodeName(episode.episodeName)].filter(Boolean).join(" · "),
    );
    event.updatePropertyWithValue("url", new URL(path, siteUrl).toString());
    event.updatePropertyWithValue("transp", "TRANSPARENT");
    calendar.addSubcomponent(event);
  }
  return calendar.toString();
}
