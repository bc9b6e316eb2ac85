import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { paths } from "~/core/paths";
import { searchText } from "~/core/text";
import type { SearchResult } from "~/catalogue/types";
import { projectRoot } from "~/core/project-root.server";
import { AWARDS, type AwardDefinition } from "./definitions";
import { parseAwardSlug } from "./slug";

/*
 * Winners and nominees (content/awards/*.json). A work links to its page by id when the id is
 * certain; otherwise it is looked up by title and year through the catalogue (whose cache keeps
 * the answers), and shown without a link when nothing matches exactly.
 */

const work = z.object({
  type: z.enum(["movie", "tv"]),
  title: z.string().min(1),
  originalTitle: z.string().min(1),
  releaseYear: z.number().int().optional(),
  tmdbId: z.number().int().positive().optional(),
  key: z.string().optional(),
});
const nominee = z.union([
  work,
  z.object({ type: z.literal("person"), personName: z.string().min(1), for: work.optional() }),
]);
const entry = z.object({
  year: z.number().int(),
  ceremony: z.number().int().optional(),
  category: z.string().min(1),
  winner: nominee,
  nominees: z.array(nominee).default([]),
});
const awardFile = z.object({
  award: z.string(),
  yearMeaning: z.literal("ceremony"),
  entries: z.array(entry),
});

export type Work = z.infer<typeof work>;
export type Nominee = z.infer<typeof nominee>;
export type AwardEntry = z.infer<typeof entry>;

const AWARDS_DIR = path.join(projectRoot, "content", "awards");

/** Every award's entries from the files (part of the release: the resolver reads them once). */
export async function readAwards(dir = AWARDS_DIR): Promise<Map<string, AwardEntry[]>> {
  const byAward = new Map<string, AwardEntry[]>(AWARDS.map((award) => [award.id, []]));
  for (const name of (await readdir(dir)).filter((file) => file.endsWith(".json"))) {
    const file = awardFile.parse(JSON.parse(await readFile(path.join(dir, name), "utf8")));
    byAward.set(file.award, [...(byAward.get(file.award) ?? []), ...file.entries]);
  }
  return byAward;
}

export interface Resolved {
  label: string;
  href: string | null;
  /** For people: the work they were nominated for. */
  work?: { label: string; href: string | null };
}

const workHref = (item: Work, id: number) =>
  paths.title(item.type, { id, name: item.title, date: item.releaseYear?.toString() });

const yearOfResult = (result: SearchResult) => {
  const date =
    result.mediaType === "movie"
      ? result.releaseDate
      : result.mediaType === "tv"
        ? result.firstAirDate
        : null;
  return date ? Number(date.slice(0, 4)) : null;
};

function matchesWork(result: SearchResult, item: Work) {
  if (result.mediaType !== item.type) return false;
  const names =
    result.mediaType === "movie"
      ? [result.title, result.originalTitle]
      : result.mediaType === "tv"
        ? [result.name, result.originalName]
        : [];
  const wanted = new Set([searchText(item.title), searchText(item.originalTitle)]);
  if (!names.some((name) => wanted.has(searchText(name)))) return false;
  const year = yearOfResult(result);
  // Festivals and ceremonies may date a work a year apart from its release.
  return (
    item.releaseYear === undefined || (year !== null && Math.abs(year - item.releaseYear) <= 1)
  );
}

/**
 * Resolves links by search. The catalogue's own cache (memory/Redis for the live source, the
 * in-process memo for the local one) keeps the answers; a failing source throws and the page
 * asks to try again.
 */
export function createAwardResolver(catalogue: Catalogue, dir = AWARDS_DIR) {
  let entries: Promise<Map<string, AwardEntry[]>> | undefined;
  /*
   * Which result each nominee picked, kept with the catalogue's answer it was picked from: the
   * catalogue's cache (the memo of the local source, the in-memory store of the live one) hands
   * out the same answer object until it renews it, and an answer no longer held is collected
   * with its picks. Comparing folded names for every nominee on every render was a tenth of a
   * cold award page.
   */
  const picks = new WeakMap<object, Map<string, number | null>>();

  async function lookUp(
    query: string,
    wanted: string,
    pick: (results: SearchResult[]) => SearchResult | undefined,
  ) {
    // Only a name equal to the wanted one is taken: names merely close to it never are.
    const page = await catalogue.search(query, 1, { typos: false });
    if (!page) return null;
    let known = picks.get(page);
    if (!known) picks.set(page, (known = new Map()));
    let id = known.get(wanted);
    if (id === undefined) known.set(wanted, (id = pick(page.results)?.id ?? null));
    return id;
  }

  async function resolveWork(item: Work): Promise<Resolved> {
    if (item.tmdbId) return { label: item.title, href: workHref(item, item.tmdbId) };
    const wanted = `${item.type}|${item.title}|${item.originalTitle}|${item.releaseYear ?? ""}`;
    const id = await lookUp(item.originalTitle, wanted, (results) =>
      results.find((result) => matchesWork(result, item)),
    );
    return { label: item.title, href: id === null ? null : workHref(item, id) };
  }

  async function resolve(item: Nominee): Promise<Resolved> {
    if (item.type !== "person") return resolveWork(item);
    const id = await lookUp(item.personName, `person|${item.personName}`, (results) => {
      const wanted = searchText(item.personName);
      return results.find(
        (result) => result.mediaType === "person" && searchText(result.name) === wanted,
      );
    });
    return {
      label: item.personName,
      href: id === null ? null : paths.person({ id, name: item.personName }),
      work: item.for ? await resolveWork(item.for) : undefined,
    };
  }

  return {
    resolve,
    /** Every award's entries, read on first use. */
    entries: () => (entries ??= readAwards(dir)),
  };
}

export type AwardResolver = ReturnType<typeof createAwardResolver>;

export interface AwardPage {
  award: AwardDefinition;
  years: number[];
  selectedYear: number;
  yearInUrl: boolean;
  categories: { title: string; winner: Resolved; nominees: Resolved[] }[];
}

/** The award named by the URL, its years (newest first) and the selected year's categories. */
export async function loadAwardPage(
  resolver: AwardResolver,
  slug: string,
  urlYear: number | null,
): Promise<AwardPage | null> {
  const named = parseAwardSlug(slug);
  if (!named) return null;
  const entries = (await resolver.entries()).get(named.award.id) ?? [];
  const years = [...new Set(entries.map((item) => item.year))].sort((a, b) => b - a);
  const requested = urlYear ?? named.year;
  const selectedYear = requested ?? years[0] ?? new Date().getFullYear();
  if (!years.includes(selectedYear)) {
    years.push(selectedYear);
    years.sort((a, b) => b - a);
  }
  // Two ceremonies in one year (the Oscars in 1930) show in ceremony order.
  const ofYear = entries
    .filter((item) => item.year === selectedYear)
    .sort((a, b) => (a.ceremony ?? 0) - (b.ceremony ?? 0));
  const categories = await Promise.all(
    ofYear.map(async (item) => {
      const twice = ofYear.filter((other) => other.category === item.category).length > 1;
      return {
        title:
          twice && item.ceremony ? `${item.category} (${item.ceremony}. Tören)` : item.category,
        winner: await resolver.resolve(item.winner),
        nominees: await Promise.all(item.nominees.map((other) => resolver.resolve(other))),
      };
    }),
  );
  return { award: named.award, years, selectedYear, yearInUrl: requested !== null, categories };
}
