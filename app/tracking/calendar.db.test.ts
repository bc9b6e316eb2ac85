import { eq } from "drizzle-orm";
import * as ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { watchlist } from "~/db/schema";
import {
  calendarFeeds,
  episodeWatches,
  trackedEpisodes,
  trackedSeries,
} from "~/db/tracking-schema";
import {
  feedCalendar,
  feedCreatedAt,
  feedOwner,
  issueFeedToken,
  removeFeed,
} from "./calendar-feed.server";
import { calendarEpisodes, followedSeriesCount } from "./calendar.server";

let handle: DatabaseHandle;
const TODAY = "2026-11-26";
const SITE = "https://perde.example";

beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
  await createTestUser(handle, "mehmet");
  const { db } = handle;
  await db.insert(trackedSeries).values([
    { seriesId: 1, name: "Kuzey Güney", status: "Returning Series" },
    { seriesId: 2, name: "Bir Zamanlar Çukurova", status: "Returning Series" },
    { seriesId: 3, name: "Ezel", status: "Ended" },
    { seriesId: 4, name: "Mehmet'in dizisi", status: "Returning Series" },
  ]);
  await db.insert(trackedEpisodes).values([
    // Series 1: one just before the window, one in the past week, today, one in a month.
    { seriesId: 1, seasonNumber: 1, episodeNumber: 1, name: "Başlangıç", airDate: "2026-11-18" },
    { seriesId: 1, seasonNumber: 1, episodeNumber: 2, name: "Dönüş", airDate: "2026-11-19" },
    { seriesId: 1, seasonNumber: 1, episodeNumber: 3, name: "Yol", airDate: TODAY },
    { seriesId: 1, seasonNumber: 2, episodeNumber: 1, name: "Kış", airDate: "2026-12-26" },
    { seriesId: 1, seasonNumber: 2, episodeNumber: 2, name: "Bahar", airDate: "2026-12-27" },
    { seriesId: 1, seasonNumber: 2, episodeNumber: 3, name: "Duyurulmadı", airDate: null },
    // Series 2 (İzleyeceğim): tomorrow, and far ahead (in the feed, not on the page).
    { seriesId: 2, seasonNumber: 3, episodeNumber: 4, name: "Yeni Gün", airDate: "2026-11-27" },
    { seriesId: 2, seasonNumber: 3, episodeNumber: 5, name: "Uzak", airDate: "2027-02-10" },
    // Series 3 is İzledim: never on the calendar.
    { seriesId: 3, seasonNumber: 1, episodeNumber: 1, name: "Ezel", airDate: TODAY },
    // Series 4 is only Mehmet's.
    { seriesId: 4, seasonNumber: 1, episodeNumber: 1, name: "Gizli", airDate: TODAY },
  ]);
  await db.insert(watchlist).values([
    { userId: "ayse", itemType: "tv", itemId: 1, status: "watching" },
    { userId: "ayse", itemType: "tv", itemId: 2, status: "plan_to_watch" },
    { userId: "ayse", itemType: "tv", itemId: 3, status: "watched" },
    // A film with the same id as a series is no series.
    { userId: "ayse", itemType: "movie", itemId: 4, status: "watching" },
    { userId: "mehmet", itemType: "tv", itemId: 4, status: "watching" },
    { userId: "mehmet", itemType: "tv", itemId: 1, status: "plan_to_watch" },
  ]);
  await db.insert(episodeWatches).values([
    { userId: "ayse", seriesId: 1, seasonNumber: 1, episodeNumber: 2 },
    { userId: "mehmet", seriesId: 1, seasonNumber: 1, episodeNumber: 3 },
  ]);
});
afterAll(() => handle.close());

const isEvent = (entry: ical.CalendarComponent | undefined): entry is ical.VEvent =>
  entry?.type === "VEVENT";

// node-ical keeps a property's parameters (URL;VALUE=URI) beside its value, whatever its types say.
const valueOf = (field: unknown) =>
  typeof field === "object" && field !== null && "val" in field ? field.val : field;

const window = { from: "2026-11-19", to: "2026-12-26" };
const keyOf = (episode: { seriesId: number; seasonNumber: number; episodeNumber: number }) =>
  `${episode.seriesId}-${episode.seasonNumber}-${episode.episodeNumber}`;

describe("the calendar's episodes", () => {
  it("lists the person's İzliyorum and İzleyeceğim series' episodes in the window, by day", async () => {
    const episodes = await calendarEpisodes(handle.db, "ayse", window);
    expect(episodes.map(keyOf)).toEqual(["1-1-2", "1-1-3", "2-3-4", "1-2-1"]);
    expect(episodes.map((episode) => episode.airDate)).toEqual([
      "2026-11-19",
      TODAY,
      "2026-11-27",
      "2026-12-26",
    ]);
    expect(episodes[0]).toMatchObject({
      seriesName: "Kuzey Güney",
      episodeName: "Dönüş",
      status: "watching",
      watched: true,
    });
    expect(episodes[2]).toMatchObject({ status: "plan_to_watch", watched: false });
  });

  it("says watched only for the person's own watches", async () => {
    const ayse = await calendarEpisodes(handle.db, "ayse", window);
    const mehmet = await calendarEpisodes(handle.db, "mehmet", window);
    expect(ayse.find((episode) => keyOf(episode) === "1-1-3")?.watched).toBe(false);
    expect(mehmet.find((episode) => keyOf(episode) === "1-1-3")?.watched).toBe(true);
    expect(mehmet.find((episode) => keyOf(episode) === "1-1-2")?.watched).toBe(false);
  });

  it("filters by status", async () => {
    const watching = await calendarEpisodes(handle.db, "ayse", {
      ...window,
      statuses: ["watching"],
    });
    expect(new Set(watching.map((episode) => episode.seriesId))).toEqual(new Set([1]));
    const planned = await calendarEpisodes(handle.db, "ayse", {
      ...window,
      statuses: ["plan_to_watch"],
    });
    expect(planned.map(keyOf)).toEqual(["2-3-4"]);
  });

  it("shows nobody another person's series", async () => {
    const ayse = await calendarEpisodes(handle.db, "ayse", window);
    expect(ayse.some((episode) => episode.seriesId === 4)).toBe(false);
    const mehmet = await calendarEpisodes(handle.db, "mehmet", window);
    expect(new Set(mehmet.map((episode) => episode.seriesId))).toEqual(new Set([1, 4]));
    expect(mehmet.some((episode) => episode.seriesId === 2)).toBe(false);
    expect(await calendarEpisodes(handle.db, "nobody", window)).toEqual([]);
  });

  it("counts the followed series", async () => {
    expect(await followedSeriesCount(handle.db, "ayse")).toBe(2);
    expect(await followedSeriesCount(handle.db, "mehmet")).toBe(2);
    expect(await followedSeriesCount(handle.db, "nobody")).toBe(0);
  });
});

describe("the calendar feed's token", () => {
  it("is long and random, stored only as its SHA-256, and opens its owner's feed only", async () => {
    const token = await issueFeedToken(handle.db, "ayse");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await handle.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, "ayse"));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(await feedOwner(handle.db, token)).toBe("ayse");
    // The hash itself, a guessed token and junk open nothing.
    expect(await feedOwner(handle.db, row!.tokenHash)).toBeNull();
    expect(await feedOwner(handle.db, "A".repeat(43))).toBeNull();
    expect(await feedOwner(handle.db, "")).toBeNull();
    expect(await feedOwner(handle.db, `${token}x`)).toBeNull();
  });

  it("stops opening the feed once a new one is made, and each person has their own", async () => {
    const first = await issueFeedToken(handle.db, "ayse");
    const mehmet = await issueFeedToken(handle.db, "mehmet");
    const second = await issueFeedToken(handle.db, "ayse");
    expect(second).not.toBe(first);
    expect(await feedOwner(handle.db, first)).toBeNull();
    expect(await feedOwner(handle.db, second)).toBe("ayse");
    expect(await feedOwner(handle.db, mehmet)).toBe("mehmet");
    expect(await handle.db.select().from(calendarFeeds)).toHaveLength(2);
    expect(await feedCreatedAt(handle.db, "ayse")).toBeInstanceOf(Date);
  });

  it("can be removed, by its owner only", async () => {
    const token = await issueFeedToken(handle.db, "mehmet");
    expect(await removeFeed(handle.db, "ayse")).toBe(true);
    expect(await feedOwner(handle.db, token)).toBe("mehmet");
    expect(await removeFeed(handle.db, "ayse")).toBe(false);
    expect(await feedCreatedAt(handle.db, "ayse")).toBeNull();
    expect(await removeFeed(handle.db, "mehmet")).toBe(true);
    expect(await feedOwner(handle.db, token)).toBeNull();
  });
});

describe("the calendar feed", () => {
  it("has one all-day event per episode from a week back to 90 days ahead", async () => {
    const text = await feedCalendar(handle.db, "ayse", SITE, TODAY);
    expect(text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r?$/m);
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter(isEvent);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect([...byUid.keys()].sort()).toEqual(
      [
        "perde-1-s1-e2@perde.example",
        "perde-1-s1-e3@perde.example",
        "perde-1-s2-e1@perde.example",
        "perde-1-s2-e2@perde.example",
        "perde-2-s3-e4@perde.example",
        "perde-2-s3-e5@perde.example",
      ].sort(),
    );
    const today = byUid.get("perde-1-s1-e3@perde.example")!;
    expect(today.summary).toBe("Kuzey Güney · 1. Sezon 3. Bölüm · Yol");
    expect(valueOf(today.url)).toBe("https://perde.example/dizi/1/sezon/1/bolum/3");
    expect(today.datetype).toBe("date");
    const start = today.start as Date;
    expect([start.getFullYear(), start.getMonth() + 1, start.getDate()]).toEqual([2026, 11, 26]);
    const calendar = Object.values(parsed).find((entry) => entry?.type === "VCALENDAR");
    expect(calendar).toMatchObject({
      "WR-CALNAME": "Perde takvimi",
      "WR-TIMEZONE": "Europe/Istanbul",
    });
  });
});
