import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-database";
import { catalogueTitles } from "~/db/catalogue-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/core/logger.server";
import type { Catalogue } from "../catalogue.server";
import type { SearchResult } from "../types";
import { ensureLocalCatalogue } from "./load.server";
import { createLocalSource } from "./local-source.server";
import { generateCatalogue } from "../../../scripts/lib/synthetic-catalogue";
import { writeContentDir } from "../../../tests/support/content-dir";

const logger = createLogger("silent");

const label = (item: SearchResult) => (item.mediaType === "movie" ? item.title : item.name);

describe("local source on the embedded content", () => {
  let database: DatabaseHandle;
  let catalogue: Catalogue;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureLocalCatalogue(database.db, logger);
    catalogue = createLocalSource(database.db, logger);
  }, 120_000);
  afterAll(() => database.close());

  it("ranks related titles by shared people and genres: the sequel first, never the title", async () => {
    const related = (await catalogue.movieRecommendations(238))!;
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(12);
    expect(related[0]!.title).toBe("Baba 2");
    expect(related.map((movie) => movie.id)).not.toContain(238);
    expect(related.every((movie) => movie.mediaType === "movie")).toBe(true);
    expect(await catalogue.seriesRecommendations(238_000_000)).toEqual([]);
  });

  it.each([
    ["eskiya", "Eşkıya"],
    ["EŞKIYA", "Eşkıya"],
    ["issiz adam", "Issız Adam"],
    ["ıssız", "Issız Adam"],
    ["iklimler", "İklimler"],
    ["İKLİMLER", "İklimler"],
    ["kis uykusu", "Kış Uykusu"],
    ["sener sen", "Şener Şen"],
    ["turkan soray", "Türkan Şoray"],
    ["yedinci kogus", "Yedinci Koğuştaki Mucize"],
    // Other names (decision 031): the English title finds the Turkish one.
    ["winter sleep", "Kış Uykusu"],
    ["WINTER SLEEP", "Kış Uykusu"],
    ["once upon a time in anatolia", "Bir Zamanlar Anadolu'da"],
    ["parasite", "Parazit"],
    ["magnificent century", "Muhteşem Yüzyıl"],
  ])("search %j finds %s first", async (query, expected) => {
    const page = await catalogue.search(query);
    expect(page?.results[0] && label(page.results[0])).toBe(expected);
  });

  it("ranks an exact title above titles that merely contain it", async () => {
    const page = (await catalogue.search("baba"))!;
    expect(label(page.results[0]!)).toBe("Baba");
    expect(page.results.map(label)).toContain("Babam ve Oğlum");
  });

  it("tolerates a typo, unless asked for names that contain the query only", async () => {
    const page = await catalogue.search("eşkiyaa");
    expect(page?.results.map(label)).toContain("Eşkıya");
    const exact = await catalogue.search("eşkiyaa", 1, { typos: false });
    expect(exact).toMatchObject({ results: [], totalResults: 0, totalPages: 0 });
    const contained = await catalogue.search("eşkiya", 1, { typos: false });
    expect(contained?.results.map(label)).toContain("Eşkıya");
  });

  it("has a person's filmography from the credits", async () => {
    const found = (await catalogue.search("Şener Şen"))!.results[0]!;
    const person = (await catalogue.person(found.id))!;
    expect(person.movieCredits.map((credit) => credit.title)).toEqual(
      expect.arrayContaining(["Eşkıya", "Züğürt Ağa", "Muhsin Bey"]),
    );
    expect(person.biography.length).toBeGreaterThan(50);
  });

  it("has every genre of both kinds populated", async () => {
    for (const mediaType of ["movie", "tv"] as const) {
      const genres = (await catalogue.genres(mediaType))!;
      for (const genre of genres) {
        const page =
          mediaType === "movie"
            ? await catalogue.discoverMovies({ genreId: genre.id })
            : await catalogue.discoverSeries({ genreId: genre.id });
        expect(page?.results.length, `${mediaType} ${genre.name}`).toBeGreaterThan(0);
      }
    }
  });

  it("keeps today's trending order stable", async () => {
    const first = (await catalogue.trendingMovies())!.results.map((movie) => movie.id);
    const again = (await catalogue.trendingMovies())!.results.map((movie) => movie.id);
    expect(again).toEqual(first);
  });
});

describe("local source paging and loading", () => {
  let database: DatabaseHandle;
  let catalogue: Catalogue;
  let dir: string;

  const writeContent = (movies: number) =>
    writeContentDir(dir, generateCatalogue({ movies, series: 5, people: 30 }));
  const movieCount = async () => {
    const [row] = await database.db.select({ total: count() }).from(catalogueTitles);
    return Number(row!.total);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), "perde-content-"));
    await writeContent(45);
    await ensureLocalCatalogue(database.db, logger, dir);
    catalogue = createLocalSource(database.db, logger);
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("pages by 20 with the total number of pages", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => catalogue.popularMovies(page)));
    expect(pages.map((page) => page!.results.length)).toEqual([20, 20, 5, 0]);
    expect(pages[0]).toMatchObject({ page: 1, totalPages: 3, totalResults: 45 });
    const ids = pages.flatMap((page) => page!.results.map((movie) => movie.id));
    expect(new Set(ids).size).toBe(45);
  });

  it("reloads only when the content changes", async () => {
    expect(await movieCount()).toBe(50);
    await ensureLocalCatalogue(database.db, logger, dir);
    expect(await movieCount()).toBe(50);
    await writeContent(60);
    await ensureLocalCatalogue(database.db, logger, dir);
    expect(await movieCount()).toBe(65);
    expect((await catalogue.popularMovies())!.totalResults).toBe(60);
  });
});
