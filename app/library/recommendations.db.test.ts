import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { MovieSummary } from "~/catalogue/types";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries } from "~/db/history-schema";
import { listItems, lists } from "~/db/lists-schema";
import { reviews, watchlist } from "~/db/schema";
import { episodeWatches, trackedEpisodes, trackedSeries } from "~/db/tracking-schema";
import { createLogger } from "~/core/logger.server";
import { loadDashboard } from "./dashboard.server";
import type { LibraryServices } from "./library-services.server";
import {
  computeRecommendations,
  notYetTheirs,
  readRecommendations,
} from "./recommendations.server";

let handle: DatabaseHandle;

const film = (id: number, title: string): MovieSummary => ({
  mediaType: "movie",
  id,
  title,
  originalTitle: title,
  releaseDate: "2014-06-13",
  overview: "",
  posterPath: null,
  backdropPath: null,
  voteAverage: 7,
  voteCount: 100,
  popularity: 10,
  genreIds: [18],
});

const films = new Map(
  [
    film(1, "Kış Uykusu"),
    film(2, "Bir Zamanlar Anadolu'da"),
    film(3, "Üç Maymun"),
    film(4, "Uzak"),
    film(5, "İklimler"),
    film(6, "Ahlat Ağacı"),
    film(7, "Baba"),
    film(8, "Kasaba"),
    film(9, "Mayıs Sıkıntısı"),
    film(10, "Yol"),
  ].map((item) => [item.id, item]),
);

/** The catalogue's related titles: Kış Uykusu → 2, 3, 4, 5, 6; Baba → 8. */
const related: Record<number, number[]> = { 1: [2, 3, 4, 5, 6], 7: [8] };
const catalogue = {
  source: "local",
  movieRecommendations: async (id: number) => (related[id] ?? []).map((item) => films.get(item)!),
  seriesRecommendations: async () => [],
  movie: async (id: number) => films.get(id) ?? null,
  series: async () => null,
} as unknown as Catalogue;

beforeAll(async () => {
  handle = await createTestDatabase();
  for (const id of ["ayse", "mehmet", "zeynep", "ali", "yeni"]) await createTestUser(handle, id);
  const { db } = handle;
  await db.insert(reviews).values([
    // Ayşe loved Kış Uykusu and liked Baba; rated Yol low.
    { userId: "ayse", itemType: "movie", itemId: 1, rating: 10 },
    { userId: "ayse", itemType: "movie", itemId: 7, rating: 8 },
    { userId: "ayse", itemType: "movie", itemId: 10, rating: 3 },
    // Mehmet and Zeynep loved Kış Uykusu too, and Mayıs Sıkıntısı.
    { userId: "mehmet", itemType: "movie", itemId: 1, rating: 9 },
    { userId: "mehmet", itemType: "movie", itemId: 9, rating: 9 },
    { userId: "zeynep", itemType: "movie", itemId: 1, rating: 8 },
    { userId: "zeynep", itemType: "movie", itemId: 9, rating: 10 },
    // Ali rated Kış Uykusu low: his taste does not count.
    { userId: "ali", itemType: "movie", itemId: 1, rating: 4 },
    { userId: "ali", itemType: "movie", itemId: 6, rating: 10 },
  ]);
  // Already hers: Üç Maymun on her watchlist, Uzak in her diary, İklimler on a list of hers.
  await db.insert(watchlist).values({ userId: "ayse", itemType: "movie", itemId: 3 });
  await db
    .insert(diaryEntries)
    .values({ userId: "ayse", itemType: "movie", itemId: 4, watchedOn: "2026-01-01" });
  const [list] = await db
    .insert(lists)
    .values({ ownerId: "ayse", name: "Ceylan" })
    .returning({ id: lists.id });
  await db
    .insert(listItems)
    .values({ listId: list!.id, itemType: "movie", itemId: 5, position: 1 });
});
afterAll(() => handle.close());

describe("the recommendations job", () => {
  it("blends the catalogue's related titles of her best-rated with what people of like taste loved, minus what she has", async () => {
    expect(await computeRecommendations({ database: handle, catalogue })).toBe(4);
    const { picks, stale } = await readRecommendations(handle.db, "ayse");
    expect(stale).toBe(false);
    expect(picks.map((pick) => [pick.card.name, pick.reason])).toEqual([
      // Two people who loved Kış Uykusu loved it too: the strongest.
      ["Mayıs Sıkıntısı", "Kış Uykusu'nu beğenenler bunu da çok beğendi"],
      ["Bir Zamanlar Anadolu'da", "Kış Uykusu'nu beğendiğiniz için"],
      ["Kasaba", "Baba'yı beğendiğiniz için"],
      ["Ahlat Ağacı", "Kış Uykusu'nu beğendiğiniz için"],
    ]);
    expect(picks[0]!.card.href).toBe("/film/mayis-sikintisi-2014-9");
  });

  it("stops offering a title she has since rated, and asks for a new choice after a newer rating", async () => {
    await handle.db
      .insert(reviews)
      .values({ userId: "ayse", itemType: "movie", itemId: 2, rating: 9 });
    const { picks, stale } = await readRecommendations(handle.db, "ayse");
    expect(picks.map((pick) => pick.card.id)).not.toContain(2);
    expect(stale).toBe(true);
  });

  it("has nothing for someone who liked nothing yet, and asks for no run", async () => {
    await computeRecommendations({ database: handle, catalogue }, ["yeni"]);
    expect(await readRecommendations(handle.db, "yeni")).toEqual({ picks: [], stale: false });
  });
});

describe("the dashboard's popular titles before there are picks", () => {
  it("leaves out what the person watched, listed or rated, in one query", async () => {
    const { db } = handle;
    await createTestUser(handle, "bos");
    // Baba on her watchlist, Uzak rated, Yol logged, Kasaba on a list of hers; a series marked.
    await db.insert(watchlist).values({ userId: "bos", itemType: "movie", itemId: 7 });
    await db.insert(reviews).values({ userId: "bos", itemType: "movie", itemId: 4, rating: 6 });
    await db
      .insert(diaryEntries)
      .values({ userId: "bos", itemType: "movie", itemId: 10, watchedOn: "2026-02-01" });
    const [list] = await db
      .insert(lists)
      .values({ ownerId: "bos", name: "Sonra" })
      .returning({ id: lists.id });
    await db
      .insert(listItems)
      .values({ listId: list!.id, itemType: "movie", itemId: 8, position: 1 });
    await db.insert(trackedSeries).values({ seriesId: 77, name: "Dizi", status: "Ended" });
    await db.insert(trackedEpisodes).values({
      seriesId: 77,
      seasonNumber: 1,
      episodeNumber: 1,
      name: "B1",
      airDate: "2020-01-01",
    });
    await db
      .insert(episodeWatches)
      .values({ userId: "bos", seriesId: 77, seasonNumber: 1, episodeNumber: 1 });

    const series = (id: number) => ({ ...film(id, `Dizi ${id}`), mediaType: "tv" as const });
    expect(
      (await notYetTheirs(db, "bos", [series(77), series(78), films.get(7)!, films.get(9)!])).map(
        (item) => `${item.mediaType}:${item.id}`,
      ),
    ).toEqual(["tv:78", "movie:9"]);

    const services = {
      database: handle,
      logger: createLogger("silent"),
      catalogue: {
        ...catalogue,
        popularMovies: async () => ({
          page: 1,
          totalPages: 1,
          totalResults: films.size,
          results: [...films.values()],
        }),
      },
    } as unknown as LibraryServices;
    const dashboard = await loadDashboard(services, { id: "bos" } as never);
    expect(dashboard.failed).toBe(false);
    if (dashboard.failed) return;
    expect(dashboard.picks).toEqual([]);
    expect(dashboard.recommendations?.map((card) => card.name)).toEqual([
      "Kış Uykusu",
      "Bir Zamanlar Anadolu'da",
      "Üç Maymun",
      "İklimler",
      "Ahlat Ağacı",
      "Mayıs Sıkıntısı",
    ]);
    // Someone else's record leaves hers alone: Ayşe has Üç Maymun on her watchlist.
    expect(await notYetTheirs(db, "bos", [films.get(3)!])).toHaveLength(1);
  });
});
