import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { CinemaRelease } from "~/catalogue/types";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { lists, listInvites } from "~/db/lists-schema";
import { watchlist } from "~/db/schema";
import { episodeWatches, trackedEpisodes, trackedSeries } from "~/db/tracking-schema";
import {
  detectAcceptedInvites,
  detectAiredEpisodes,
  detectCinemaOpenings,
  detectNewProviders,
  locative,
  readProviders,
  type ProviderReading,
} from "./detect.server";
import { listNotifications, markAllRead, unreadCount } from "./inbox.server";
import { setChannel } from "./preferences.server";

/*
 * Detection on the real database: who gets a row for which event, once, and never for a change
 * of their own.
 */

let database: DatabaseHandle;
const rowsOf = (userId: string) =>
  queryRows<{ kind: string; subject: string; title: string; url: string }>(
    database.db,
    sql`select kind, subject, payload->>'title' as title, payload->>'url' as url
        from notifications where user_id = ${userId} order by kind, subject`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of ["ayse", "mehmet", "zeynep", "can"]) await createTestUser(database, id);
  const { db } = database;
  await db.insert(trackedSeries).values([
    { seriesId: 11, name: "Şahsiyet", refreshedAt: new Date() },
    { seriesId: 12, name: "Bir Başkadır", refreshedAt: new Date() },
  ]);
  await db.insert(trackedEpisodes).values([
    { seriesId: 11, seasonNumber: 1, episodeNumber: 3, name: "Üçüncü", airDate: "2026-12-04" },
    { seriesId: 11, seasonNumber: 1, episodeNumber: 4, name: "Dördüncü", airDate: "2026-12-04" },
    { seriesId: 11, seasonNumber: 1, episodeNumber: 5, name: "Beşinci", airDate: "2026-12-11" },
    { seriesId: 12, seasonNumber: 2, episodeNumber: 1, name: "Yeni Sezon", airDate: "2026-12-04" },
  ]);
  await db.insert(watchlist).values([
    { userId: "ayse", itemType: "tv", itemId: 11, status: "watching" },
    { userId: "ayse", itemType: "tv", itemId: 12, status: "plan_to_watch" },
    // Already watched both of the day's episodes (ahead of the calendar): their own change.
    { userId: "mehmet", itemType: "tv", itemId: 11, status: "watching" },
    // Finished with it: no longer followed.
    { userId: "zeynep", itemType: "tv", itemId: 11, status: "watched" },
    // Every channel off for new episodes.
    { userId: "can", itemType: "tv", itemId: 11, status: "watching" },
  ]);
  await db.insert(episodeWatches).values([
    { userId: "mehmet", seriesId: 11, seasonNumber: 1, episodeNumber: 3 },
    { userId: "mehmet", seriesId: 11, seasonNumber: 1, episodeNumber: 4 },
  ]);
  for (const channel of ["site", "email", "push"] as const)
    await setChannel(db, "can", "episode_aired", channel, false);
});
afterAll(() => database.close());

describe("a followed series' episodes aired", () => {
  it("groups a day's episodes per series, once, for followers only", async () => {
    const first = await detectAiredEpisodes(database.db, "2026-12-04");
    expect(first).toEqual({ series: 2, notifications: 2 });
    expect(await rowsOf("ayse")).toEqual([
      {
        kind: "episode_aired",
        subject: "tv:11:2026-12-04",
        title: "Şahsiyet: 2 yeni bölüm",
        url: "/dizi/11/sezon/1",
      },
      {
        kind: "episode_aired",
        subject: "tv:12:2026-12-04",
        title: "Bir Başkadır: yeni bölüm",
        url: "/dizi/12/sezon/2/bolum/1",
      },
    ]);
    for (const other of ["mehmet", "zeynep", "can"]) expect(await rowsOf(other)).toEqual([]);
    // The hourly job runs again: nothing new.
    expect(await detectAiredEpisodes(database.db, "2026-12-04")).toEqual({
      series: 2,
      notifications: 0,
    });
    // A day with nothing aired.
    expect(await detectAiredEpisodes(database.db, "2026-12-05")).toEqual({
      series: 0,
      notifications: 0,
    });
  });

  it("shows in the bell and the list until marked read; only the person's own", async () => {
    expect(await unreadCount(database.db, "ayse")).toBe(2);
    expect(await unreadCount(database.db, "mehmet")).toBe(0);
    const listed = await listNotifications(database.db, "ayse");
    expect(listed.map((item) => [item.payload.title, item.read])).toEqual(
      expect.arrayContaining([
        ["Şahsiyet: 2 yeni bölüm", false],
        ["Bir Başkadır: yeni bölüm", false],
      ]),
    );
    await markAllRead(database.db, "mehmet");
    expect(await unreadCount(database.db, "ayse")).toBe(2);
    await markAllRead(database.db, "ayse");
    expect(await unreadCount(database.db, "ayse")).toBe(0);
    expect((await listNotifications(database.db, "ayse")).every((item) => item.read)).toBe(true);
  });
});

describe("a listed title on a Turkish streaming service", () => {
  it("reads each title once a day, records the first reading, notifies what is new", async () => {
    const { db } = database;
    await db.insert(watchlist).values([
      { userId: "ayse", itemType: "movie", itemId: 501, status: "plan_to_watch" },
      { userId: "mehmet", itemType: "movie", itemId: 501, status: "plan_to_watch" },
      { userId: "zeynep", itemType: "movie", itemId: 501, status: "watched" },
    ]);
    const providers = new Map<number, ProviderReading["providers"]>([[501, []]]);
    const reads: string[] = [];
    const read = async (type: "movie" | "tv", id: number): Promise<ProviderReading | null> => {
      reads.push(`${type}:${id}`);
      return {
        title: "Kış Uykusu",
        url: `/film/kis-uykusu-2014-${id}`,
        providers: providers.get(id) ?? [],
      };
    };
    // The first reading only records (and reads the series that ayse listed too).
    const first = await detectNewProviders(db, read, { day: "2026-12-04" });
    expect(first.notifications).toBe(0);
    expect(reads.filter((title) => title === "movie:501")).toHaveLength(1);
    // Read again the same day: nothing is read.
    reads.length = 0;
    await detectNewProviders(db, read, { day: "2026-12-04" });
    expect(reads).toEqual([]);
    // The next day Netflix offers it: both people who list it hear, once.
    providers.set(501, [{ id: 8, name: "Netflix" }]);
    const next = await detectNewProviders(db, read, { day: "2026-12-05" });
    expect(next.notifications).toBe(2);
    const ayse = (await rowsOf("ayse")).filter((row) => row.kind === "now_streaming");
    expect(ayse).toEqual([
      {
        kind: "now_streaming",
        subject: "movie:501:8",
        title: "Kış Uykusu artık Netflix'te",
        url: "/film/kis-uykusu-2014-501",
      },
    ]);
    expect((await rowsOf("zeynep")).filter((row) => row.kind === "now_streaming")).toEqual([]);
    // Still on Netflix the day after: nothing new.
    expect((await detectNewProviders(db, read, { day: "2026-12-06" })).notifications).toBe(0);
    // Free and ad-supported services count too, each said as what it is.
    providers.set(501, [
      { id: 8, name: "Netflix", offer: "subscription" },
      { id: 300, name: "TRT İzle", offer: "free" },
      { id: 301, name: "Pluto TV", offer: "ads" },
    ]);
    expect((await detectNewProviders(db, read, { day: "2026-12-07" })).notifications).toBe(4);
    expect(
      (await rowsOf("mehmet"))
        .filter((row) => row.kind === "now_streaming")
        .map((row) => [row.subject, row.title]),
    ).toEqual([
      ["movie:501:300", "Kış Uykusu artık TRT İzle'de ücretsiz"],
      ["movie:501:301", "Kış Uykusu artık Pluto TV'de reklamlı ve ücretsiz"],
      ["movie:501:8", "Kış Uykusu artık Netflix'te"],
    ]);
  });

  it("reads free and ad-supported offers from the catalogue; an older reading only records them", async () => {
    const { db } = database;
    const offers = (id: number, name: string) => [{ id, name, logoPath: null }];
    const catalogue = {
      movie: async (id: number) => ({
        id,
        title: "Uzak",
        releaseDate: "2002-12-20",
        watchProviders: {
          link: null,
          subscription: offers(8, "Netflix"),
          free: offers(300, "TRT İzle"),
          ads: offers(8, "Netflix"),
          rent: offers(2, "Apple TV"),
          buy: [],
        },
      }),
    } as unknown as Catalogue;
    expect(await readProviders(catalogue, "movie", 502)).toEqual({
      title: "Uzak",
      url: "/film/uzak-2002-502",
      providers: [
        { id: 8, name: "Netflix", offer: "subscription" },
        { id: 300, name: "TRT İzle", offer: "free" },
      ],
    });
    // Read yesterday, before free offers were read: TRT İzle may have been there all along.
    await db.insert(watchlist).values({
      userId: "zeynep",
      itemType: "movie",
      itemId: 502,
      status: "plan_to_watch",
    });
    await db.execute(
      sql`insert into title_provider_readings (item_type, item_id, provider_ids, read_on)
          values ('movie', 502, '{8}', '2026-12-03')`,
    );
    const read = (type: "movie" | "tv", id: number) => readProviders(catalogue, type, id);
    await detectNewProviders(db, read, { day: "2026-12-04" });
    expect((await rowsOf("zeynep")).filter((row) => row.kind === "now_streaming")).toEqual([]);
    const [reading] = await queryRows<{ provider_ids: number[]; with_free: boolean }>(
      db,
      sql`select provider_ids, with_free from title_provider_readings where item_id = 502`,
    );
    expect(reading).toEqual({ provider_ids: [8, 300], with_free: true });
  });

  it("says where in natural Turkish", () => {
    expect(
      ["Netflix", "Amazon Prime Video", "MUBI", "BluTV", "HBO Max", "Disney Plus", "Tabii"].map(
        locative,
      ),
    ).toEqual([
      "Netflix'te",
      "Amazon Prime Video'da",
      "MUBI'de",
      "BluTV'de",
      "HBO Max'ta",
      "Disney Plus'ta",
      "Tabii'de",
    ]);
  });
});

describe("a listed film opening in cinemas this week", () => {
  it("notifies the people who list it, once per week", async () => {
    const release = (id: number, title: string, day: string) =>
      ({ id, title, releaseDate: day, turkishReleaseDate: day }) as unknown as CinemaRelease;
    const catalogue = {
      nowPlayingInTurkey: async () => [release(501, "Kış Uykusu", "2026-12-04")],
      upcomingInTurkey: async () => [release(777, "Sonraki Hafta", "2026-12-11")],
    } as unknown as Catalogue;
    await database.db
      .insert(watchlist)
      .values({ userId: "can", itemType: "movie", itemId: 777, status: "plan_to_watch" });
    const at = Date.parse("2026-12-04T07:00:00Z");
    expect(await detectCinemaOpenings(database.db, catalogue, at)).toEqual({
      films: 1,
      notifications: 2,
    });
    expect(await detectCinemaOpenings(database.db, catalogue, at)).toEqual({
      films: 1,
      notifications: 0,
    });
    const rows = (await rowsOf("ayse")).filter((row) => row.kind === "in_cinemas");
    expect(rows).toEqual([
      expect.objectContaining({
        subject: "movie:501:2026-12-04",
        title: "Kış Uykusu bu hafta sinemalarda",
      }),
    ]);
    expect((await rowsOf("can")).filter((row) => row.kind === "in_cinemas")).toEqual([]);
  });
});

describe("a list invite accepted", () => {
  it("tells the list's owner who joined, once", async () => {
    const { db } = database;
    const [list] = await db
      .insert(lists)
      .values({ ownerId: "ayse", name: "Kış filmleri" })
      .returning({ id: lists.id });
    const at = Date.now();
    await db.insert(listInvites).values({
      listId: list!.id,
      tokenHash: "x".repeat(64),
      expiresAt: new Date(at + 86_400_000),
      usedAt: new Date(at - 60_000),
      usedBy: "mehmet",
    });
    expect(await detectAcceptedInvites(db, at)).toBe(1);
    expect(await detectAcceptedInvites(db, at)).toBe(0);
    expect((await rowsOf("ayse")).filter((row) => row.kind === "list_invite_accepted")).toEqual([
      {
        kind: "list_invite_accepted",
        subject: `list:${list!.id}:mehmet`,
        title: "mehmet listenizi birlikte düzenliyor",
        url: `/dashboard/listeler/${list!.id}`,
      },
    ]);
  });
});
