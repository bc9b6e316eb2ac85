import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/core/logger.server";
import type { Catalogue } from "../catalogue.server";
import type { CinemaRelease } from "../types";
import { ensureLocalCatalogue } from "./load.server";
import { createLocalSource } from "./local-source.server";

/*
 * Vizyonda on the embedded content, with the clock set by the test: the summer of 2023, when
 * Spider-Man: Örümcek-Evrenine Geçiş (2 June), Barbie and Oppenheimer (both 21 July) and Kuru
 * Otlar Üstüne (29 September) opened in Turkish cinemas.
 */

const logger = createLogger("silent");
let database: DatabaseHandle;
let day = "";
let catalogue: Catalogue;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureLocalCatalogue(database.db, logger);
  catalogue = createLocalSource(database.db, logger, { today: () => day });
}, 120_000);
afterAll(() => database?.close());

const titles = (releases: CinemaRelease[] | null) => releases!.map((release) => release.title);

async function on(today: string) {
  day = today;
  return {
    showing: await catalogue.nowPlayingInTurkey(),
    upcoming: await catalogue.upcomingInTurkey(),
  };
}

describe("the local source's Turkish cinema lists", () => {
  it("shows what opened in the last eight weeks, newest first, and what opens next, soonest first", async () => {
    const { showing, upcoming } = await on("2023-07-25");
    // The same day: the more popular first.
    expect(titles(showing)).toEqual([
      "Oppenheimer",
      "Barbie",
      "Spider-Man: Örümcek-Evrenine Geçiş",
    ]);
    expect(showing!.map((release) => release.turkishReleaseDate)).toEqual([
      "2023-07-21",
      "2023-07-21",
      "2023-06-02",
    ]);
    expect(titles(upcoming)).toEqual(["Kuru Otlar Üstüne"]);
    // The Turkish day, not the primary release (Barbie's is 19 July).
    const barbie = showing!.find((release) => release.title === "Barbie")!;
    expect(barbie.releaseDate).toBe("2023-07-19");
    expect(barbie.mediaType).toBe("movie");
  });

  it("counts the opening day as showing, and the day before as coming", async () => {
    const before = await on("2023-07-20");
    expect(titles(before.showing)).toEqual(["Spider-Man: Örümcek-Evrenine Geçiş"]);
    expect(titles(before.upcoming)).toEqual(["Oppenheimer", "Barbie"]);

    const opening = await on("2023-07-21");
    expect(titles(opening.showing)).toEqual([
      "Oppenheimer",
      "Barbie",
      "Spider-Man: Örümcek-Evrenine Geçiş",
    ]);
    // Ten weeks ahead, the last day included: 21 July + 70 days is 29 September.
    expect(titles(opening.upcoming)).toEqual(["Kuru Otlar Üstüne"]);
  });

  it("keeps a film for eight weeks, its opening day included, and looks ten weeks ahead", async () => {
    // 2 June + 55 days is 27 July: the last day of its eighth week.
    expect(titles((await on("2023-07-27")).showing)).toContain(
      "Spider-Man: Örümcek-Evrenine Geçiş",
    );
    expect(titles((await on("2023-07-28")).showing)).not.toContain(
      "Spider-Man: Örümcek-Evrenine Geçiş",
    );
    // 20 July + 70 days is 28 September: Kuru Otlar Üstüne (29 September) is not yet listed.
    expect(titles((await on("2023-07-20")).upcoming)).not.toContain("Kuru Otlar Üstüne");
  });

  it("is empty when nothing is on (January 2021, cinemas closed)", async () => {
    expect(await on("2021-01-15")).toEqual({ showing: [], upcoming: [] });
  });

  it("carries the Turkish age rating from the catalogue, and nothing else", async () => {
    await database.db.execute(
      sql`update catalogue_titles set age_rating = '7+' where media_type = 'movie' and cinema_date = '2023-07-21' and summary->>'title' = 'Barbie'`,
    );
    await database.db.execute(
      sql`update catalogue_titles set age_rating = 'PG-13' where media_type = 'movie' and summary->>'title' = 'Oppenheimer'`,
    );
    const { showing } = await on("2023-07-25");
    const rating = (title: string) =>
      showing!.find((release) => release.title === title)!.ageRating;
    expect(rating("Barbie")).toBe("7+");
    // Not a Turkish rating: unknown.
    expect(rating("Oppenheimer")).toBeNull();
  });
});
