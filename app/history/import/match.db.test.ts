import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY } from "../../../tests/fake-tmdb/fixtures";
import { startFakeTmdb, type FakeTmdb } from "../../../tests/fake-tmdb/server";
import { createTestDatabase } from "../../../tests/support/test-database";
import { createCache, memoryStore } from "~/catalogue/cache.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { createTmdbSource } from "~/catalogue/tmdb/tmdb-source.server";
import type { MovieSummary } from "~/catalogue/types";
import { createLogger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import { sql } from "drizzle-orm";
import { ensureLocalCatalogue } from "~/catalogue/local/load.server";
import { createLocalSource } from "~/catalogue/local/local-source.server";
import { catalogueTitles } from "~/db/catalogue-schema";
import { createMatcher } from "./match.server";

const logger = createLogger("silent");
let handle: DatabaseHandle;
let fake: FakeTmdb;

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeTmdb();
});
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

const film = (id: number, title: string, originalTitle: string, year: number): MovieSummary => ({
  mediaType: "movie",
  id,
  title,
  originalTitle,
  releaseDate: `${year}-05-01`,
  overview: "",
  posterPath: null,
  backdropPath: null,
  voteAverage: 7,
  voteCount: 100,
  popularity: 10,
  genreIds: [],
});

/**
 * A catalogue that knows only these films (search: every title or other name containing the
 * query; details: the other names).
 */
function catalogueOf(films: MovieSummary[], otherTitles: Record<number, string[]> = {}): Catalogue {
  const fold = (text: string) => text.toLocaleLowerCase("tr-TR");
  return {
    source: "local",
    search: async (query: string) => {
      const results = films.filter((item) =>
        [item.title, item.originalTitle, ...(otherTitles[item.id] ?? [])].some((name) =>
          fold(name).includes(fold(query)),
        ),
      );
      return { page: 1, results, totalPages: 1, totalResults: results.length };
    },
    movie: async (id: number) => {
      const found = films.find((item) => item.id === id);
      return found ? { ...found, otherTitles: otherTitles[id] ?? [] } : null;
    },
    findByImdbId: async () => null,
  } as unknown as Catalogue;
}

describe("matching a row to a title", () => {
  const films = [
    film(1, "Hamlet", "Hamlet", 1948),
    film(2, "Hamlet", "Hamlet", 1996),
    film(3, "Işıltı", "The Shining", 1980),
    film(4, "Kasaba", "Kasaba", 1997),
    film(5, "Kasabalılar", "Kasabalılar", 2001),
  ];
  const matcher = () => createMatcher(handle.db, catalogueOf(films));

  it("is sure of the same title and year only: one title of that name in that year", async () => {
    expect(await matcher().match({ title: "Hamlet", year: 1996 }, ["movie"])).toEqual({
      state: "sure",
      item: { mediaType: "movie", id: 2 },
    });
    // Folded: "ışıltı" in other letters and cases, or the original title.
    expect(await matcher().match({ title: "IŞILTI", year: 1980 }, ["movie"])).toMatchObject({
      item: { id: 3 },
    });
    expect(await matcher().match({ title: "The Shining", year: 1980 }, ["movie"])).toMatchObject({
      item: { id: 3 },
    });
  });

  it("asks the person when a title matches two, another year, or nothing", async () => {
    // The same title in two years and no year in the row: both offered.
    const two = await matcher().match({ title: "Hamlet", year: null }, ["movie"]);
    expect(two).toMatchObject({ state: "review", candidates: [{ id: 1 }, { id: 2 }] });
    // One year off is likely, not sure: the nearest first.
    const near = await matcher().match({ title: "Hamlet", year: 1997 }, ["movie"]);
    expect(near).toMatchObject({ state: "review", candidates: [{ id: 2 }, { id: 1 }] });
    // The exact title before titles that only contain it.
    const kasaba = await matcher().match({ title: "Kasaba", year: 1999 }, ["movie"]);
    expect(kasaba).toMatchObject({ state: "review", candidates: [{ id: 4 }, { id: 5 }] });
    expect(await matcher().match({ title: "Yok Böyle Bir Film", year: 2001 }, ["movie"])).toEqual({
      state: "review",
      candidates: [],
    });
    // A series is never matched to a Letterboxd (film) row.
    expect(await matcher().match({ title: "Hamlet", year: 1996 }, ["tv"])).toEqual({
      state: "review",
      candidates: [],
    });
  });
});

describe("matching a row by the title's other names", () => {
  const films = [
    film(10, "Kış Uykusu", "Kış Uykusu", 2014),
    film(11, "Parazit", "기생충", 2019),
    film(12, "Uyku", "Uyku", 2014),
  ];
  const otherTitles = { 10: ["Winter Sleep"], 11: ["Parasite"] };
  const matcher = () => createMatcher(handle.db, catalogueOf(films, otherTitles));

  it("is sure of a film Letterboxd names by its English title, in the same year", async () => {
    expect(await matcher().match({ title: "Winter Sleep", year: 2014 }, ["movie"])).toEqual({
      state: "sure",
      item: { mediaType: "movie", id: 10 },
    });
    expect(await matcher().match({ title: "parasite", year: 2019 }, ["movie"])).toEqual({
      state: "sure",
      item: { mediaType: "movie", id: 11 },
    });
    // Another year: offered first, not written on its own.
    expect(await matcher().match({ title: "Winter Sleep", year: 2010 }, ["movie"])).toMatchObject({
      state: "review",
      candidates: [{ id: 10 }],
    });
  });
});

describe("matching on the embedded catalogue", () => {
  it("finds Winter Sleep, Once Upon a Time in Anatolia and Parasite by their English titles", async () => {
    const database = await createTestDatabase();
    try {
      await ensureLocalCatalogue(database.db, logger);
      const matcher = createMatcher(database.db, createLocalSource(database.db, logger));
      const sure = async (title: string, year: number) => {
        const found = await matcher.match({ title, year }, ["movie"]);
        return found.state === "sure" ? found.item.id : null;
      };
      const ids = await database.db
        .select({
          id: catalogueTitles.id,
          title: sql<string>`${catalogueTitles.summary}->>'title'`,
        })
        .from(catalogueTitles)
        .where(
          sql`${catalogueTitles.summary}->>'title' in ('Kış Uykusu', 'Bir Zamanlar Anadolu''da', 'Parazit')`,
        );
      const idOf = (title: string) => ids.find((row) => row.title === title)?.id;
      expect(await sure("Winter Sleep", 2014)).toBe(idOf("Kış Uykusu"));
      expect(await sure("Once Upon a Time in Anatolia", 2011)).toBe(
        idOf("Bir Zamanlar Anadolu'da"),
      );
      expect(await sure("Parasite", 2019)).toBe(idOf("Parazit"));
      expect(idOf("Kış Uykusu")).toBeDefined();
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe("matching against the live source", () => {
  it("matches a film by the English title in its alternative titles and translations", async () => {
    const catalogue = createTmdbSource({
      apiBaseUrl: fake.url,
      apiKey: API_KEY,
      imageBaseUrl: "https://image.example/t/p",
      logger,
      cached: createCache(memoryStore(), logger),
    });
    const matcher = createMatcher(handle.db, catalogue);
    expect(await matcher.match({ title: "The Bandit", year: 1996 }, ["movie"])).toEqual({
      state: "sure",
      item: { mediaType: "movie", id: 1_000_001 },
    });
  });

  it("asks the movie database once per title and id, across rows, runs and people", async () => {
    const catalogue = () =>
      createTmdbSource({
        apiBaseUrl: fake.url,
        apiKey: API_KEY,
        imageBaseUrl: "https://image.example/t/p",
        logger,
        // A fresh cache per run: only import_matches remembers across runs.
        cached: createCache(memoryStore(), logger),
      });
    fake.reset();
    const first = createMatcher(handle.db, catalogue());
    const rows = Array.from({ length: 50 }, () => ({ title: "Fight Club", year: 1999 }));
    for (const row of rows) {
      expect(await first.match(row, ["movie"])).toEqual({
        state: "sure",
        item: { mediaType: "movie", id: 550 },
      });
    }
    expect(
      await first.match({ title: "Breaking Bad", year: 2008, imdbId: "tt0903747" }, ["tv"]),
    ).toEqual({
      state: "sure",
      item: { mediaType: "tv", id: 1396 },
    });
    const asked = fake.requests.map((request) => request.path);
    expect(asked.filter((path) => path.includes("/search/multi"))).toHaveLength(1);
    expect(asked.filter((path) => path.includes("/find/tt0903747"))).toHaveLength(1);

    // Another run (a resumed job, another person's import): nothing asked again.
    fake.reset();
    const second = createMatcher(handle.db, catalogue());
    await second.match({ title: "Fight Club", year: 1999 }, ["movie"]);
    await second.match({ title: "Breaking Bad", year: 2008, imdbId: "tt0903747" }, ["tv"]);
    expect(fake.requests).toHaveLength(0);
  });
});
