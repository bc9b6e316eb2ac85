import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { localId } from "~/catalogue/local/content.server";
import { ensureLocalCatalogue } from "~/catalogue/local/load.server";
import { createLocalSource } from "~/catalogue/local/local-source.server";
import { memoizeCatalogue } from "~/catalogue/local/memo.server";
import { idFromSlug } from "~/core/slug";
import type { DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/core/logger.server";
import { AWARDS } from "./definitions";
import { readAwards, createAwardResolver, loadAwardPage, type Work } from "./winners.server";

const logger = createLogger("silent");
let database: DatabaseHandle;
let catalogue: Catalogue;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureLocalCatalogue(database.db, logger);
  catalogue = memoizeCatalogue(createLocalSource(database.db, logger));
}, 120_000);
afterAll(() => database.close());

async function pageExists(href: string) {
  const [, kind, slug] = href.split("/");
  const id = idFromSlug(slug)!;
  if (kind === "film") return (await catalogue.movie(id)) !== null;
  if (kind === "dizi") return (await catalogue.series(id)) !== null;
  return (await catalogue.person(id)) !== null;
}

describe("award winners on the embedded catalogue", () => {
  it("has data for every award, in ceremony years", async () => {
    const entries = await readAwards();
    for (const award of AWARDS) {
      const years = (entries.get(award.id) ?? []).map((entry) => entry.year);
      expect(years.length, award.id).toBeGreaterThan(0);
      expect(Math.min(...years), award.id).toBeGreaterThanOrEqual(award.established);
    }
    const oscarYears = new Set(
      entries
        .get("oscars")!
        .filter((e) => e.category === "En İyi Film")
        .map((e) => e.year),
    );
    for (let year = 1929; year <= 2024; year++)
      if (year !== 1933) expect(oscarYears.has(year), String(year)).toBe(true);
  });

  it("links every winner the data marks as in the catalogue to its existing page", async () => {
    const resolver = createAwardResolver(catalogue);
    const entries = await readAwards();
    let linked = 0;
    for (const list of entries.values()) {
      for (const entry of list) {
        for (const candidate of [entry.winner, ...entry.nominees]) {
          const resolved = await resolver.resolve(candidate);
          const pairs = [
            [candidate, resolved] as const,
            ...(candidate.type === "person" && candidate.for && resolved.work
              ? [[candidate.for, resolved.work] as const]
              : []),
          ];
          for (const [item, link] of pairs) {
            if (item.type === "person") continue;
            const work = item as Work;
            if (work.key) {
              const expected = work.tmdbId ?? localId(work.type, work.key);
              expect(link.href, `${entry.year} ${entry.category} ${work.title}`).not.toBeNull();
              expect(idFromSlug(link.href!.split("/")[2])).toBe(expected);
            }
            if (link.href) {
              expect(await pageExists(link.href), link.href).toBe(true);
              linked++;
            }
          }
        }
      }
    }
    expect(linked).toBeGreaterThan(150);
  }, 120_000);

  it("defaults to the newest year with data and tells when a year has none", async () => {
    const resolver = createAwardResolver(catalogue);
    const latest = await loadAwardPage(resolver, "oscars", null);
    expect(latest).toMatchObject({ selectedYear: 2024, yearInUrl: false });
    expect(latest!.years[0]).toBe(2024);
    expect(latest!.categories[0]!.winner).toMatchObject({
      label: "Oppenheimer",
      href: "/film/oppenheimer-2023-872585",
    });

    const twoCeremonies = await loadAwardPage(resolver, "oscars", 1930);
    expect(twoCeremonies!.categories.map((category) => category.title)).toEqual([
      "En İyi Film (2. Tören)",
      "En İyi Film (3. Tören)",
    ]);

    const empty = await loadAwardPage(resolver, "cannes", 1985);
    expect(empty).toMatchObject({ selectedYear: 1985, categories: [] });
    expect(empty!.years).toContain(1985);
    expect(await loadAwardPage(resolver, "grammy", null)).toBeNull();
  });
});
