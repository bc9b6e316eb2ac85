import { and, eq, gt, sql } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { isLocalId } from "~/catalogue/local/content.server";
import { searchQuery } from "~/catalogue/search";
import type { MediaType } from "~/catalogue/types";
import { searchText } from "~/core/text";
import type { Database } from "~/db/client.server";
import { importMatches, type ImportCandidate, type ImportRowFields } from "~/db/import-schema";

/*
 * Which catalogue title an imported row means. A series' own id in the movie database (Trakt's
 * `ids.tmdb`) is taken as it is (the writer checks the series exists); a TheTVDB id (TV Time)
 * is asked of /find like an IMDb id. An IMDb id is asked of the catalogue (the movie
 * database's /find, or the embedded catalogue's IMDb ids); otherwise the title (and IMDb's
 * original title) is searched and compared Turkish-folded against each result's Turkish and
 * original titles, then against the other names (English, alternative, translated titles) of the
 * first few results. Only a sure match is written on its own: the same title and the same year,
 * and only one such title. Anything else (another year, several titles, none) goes to the
 * review screen with the closest candidates, and nothing is written without the person's choice.
 */

export type ImportMatch =
  | { state: "sure"; item: { mediaType: MediaType; id: number } }
  | { state: "review"; candidates: ImportCandidate[] };

const MAX_CANDIDATES = 5;
/** How many search results' other names a row without a sure match asks for. */
const OTHER_NAMES_ASKED = 3;

/** A title's other names (English, alternative, translated), folded; empty when unknown. */
async function otherNamesOf(
  catalogue: Catalogue,
  item: { mediaType: MediaType; id: number },
): Promise<string[]> {
  const details =
    item.mediaType === "movie" ? await catalogue.movie(item.id) : await catalogue.series(item.id);
  return (details?.otherTitles ?? []).map(searchText).filter(Boolean);
}
/** Answers of the movie database are kept this long in import_matches. */
const CACHE_DAYS = 30;

/** A search result as the review screen offers it (its title, the original in brackets, its year). */
export function candidateOf(result: {
  mediaType: string;
  id: number;
  title?: string;
  originalTitle?: string;
  name?: string;
  originalName?: string;
  releaseDate?: string | null;
  firstAirDate?: string | null;
}): ImportCandidate & { names: string[] } {
  const title = result.title ?? result.name ?? "";
  const original = result.originalTitle ?? result.originalName ?? "";
  const date = result.releaseDate ?? result.firstAirDate ?? null;
  return {
    mediaType: result.mediaType as MediaType,
    id: result.id,
    title: original && original !== title ? `${title} (${original})` : title,
    year: date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null,
    names: [searchText(title), searchText(original)].filter(Boolean),
  };
}

export interface Matcher {
  match(fields: ImportRowFields, kinds: readonly MediaType[]): Promise<ImportMatch>;
}

/**
 * A matcher for one run of an import job: each distinct question is asked once per run, and,
 * for the live source, once per CACHE_DAYS across runs and people (import_matches), so a file
 * naming a film in four CSVs, or an import resumed after a restart, costs no new requests.
 */
export function createMatcher(db: Database, catalogue: Catalogue): Matcher {
  const answers = new Map<string, Promise<unknown>>();
  const persistent = catalogue.source === "tmdb";

  function remembered<T>(key: string, ask: () => Promise<T>): Promise<T> {
    let answer = answers.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = persistent ? stored(`${catalogue.source}:${key}`, ask) : ask();
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  }

  async function stored<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const [row] = await db
      .select({ result: importMatches.result })
      .from(importMatches)
      .where(
        and(
          eq(importMatches.key, key),
          gt(importMatches.createdAt, sql`now() - make_interval(days => ${CACHE_DAYS})`),
        ),
      );
    if (row) return (row.result as { value: T }).value;
    const value = await ask();
    await db
      .insert(importMatches)
      .values({ key, result: { value } })
      .onConflictDoUpdate({
        target: importMatches.key,
        set: { result: { value }, createdAt: sql`now()` },
      });
    return value;
  }

  async function byTitle(
    fields: ImportRowFields,
    kinds: readonly MediaType[],
  ): Promise<ImportMatch> {
    const wanted = [...new Set([fields.title, fields.originalTitle ?? ""].map(searchText))].filter(
      Boolean,
    );
    const found = new Map<string, ReturnType<typeof candidateOf>>();
    for (const name of [fields.title, fields.originalTitle]) {
      const query = name ? searchQuery(name) : "";
      // The catalogue's search needs three characters: "Up" or "M" go to the review screen.
      if (query.length < 3) continue;
      const results = await remembered(`search:${searchText(query)}`, async () => {
        const page = await catalogue.search(query, 1, { typos: false });
        return (page?.results ?? [])
          .filter((result) => result.mediaType !== "person")
          .map(candidateOf);
      });
      for (const result of results)
        if (kinds.includes(result.mediaType)) found.set(`${result.mediaType}:${result.id}`, result);
    }
    const all = [...found.values()];
    const sameTitle = all.filter((candidate) =>
      candidate.names.some((name) => wanted.includes(name)),
    );
    // Letterboxd names a film by its English title, IMDb by its original one: a result whose
    // own titles differ is the same title when one of its other names is the row's (decision 031).
    // Only the first few results are asked (the same year first): the search ranks them.
    const others = all
      .filter((candidate) => !sameTitle.includes(candidate))
      .sort((a, b) => Number(b.year === fields.year) - Number(a.year === fields.year))
      .slice(0, OTHER_NAMES_ASKED);
    for (const candidate of others) {
      const names = await remembered(`names:${candidate.mediaType}:${candidate.id}`, () =>
        otherNamesOf(catalogue, candidate),
      );
      if (names.some((name) => wanted.includes(name))) sameTitle.push(candidate);
    }
    if (fields.year !== null) {
      const sameYear = sameTitle.filter((candidate) => candidate.year === fields.year);
      if (sameYear.length === 1)
        return { state: "sure", item: { mediaType: sameYear[0]!.mediaType, id: sameYear[0]!.id } };
    } else if (fields.noYear && sameTitle.length === 1)
      return { state: "sure", item: { mediaType: sameTitle[0]!.mediaType, id: sameTitle[0]!.id } };
    // The closest first: the same title, then the nearest year.
    const distance = (candidate: ImportCandidate) =>
      fields.year === null || candidate.year === null ? 50 : Math.abs(candidate.year - fields.year);
    const ranked = [
      ...sameTitle.sort((a, b) => distance(a) - distance(b)),
      ...all.filter((candidate) => !sameTitle.includes(candidate)),
    ];
    return {
      state: "review",
      candidates: ranked.slice(0, MAX_CANDIDATES).map(({ names, ...candidate }) => {
        void names;
        return candidate;
      }),
    };
  }

  return {
    async match(fields, kinds) {
      // The movie database's own id (Trakt's ids.tmdb) is the surest answer there is, when the
      // catalogue knows it (an id of the embedded catalogue's own range is never one of the
      // file's; the embedded catalogue's Turkish films have ids of their own).
      const tmdbId = fields.ids?.tmdb;
      if (tmdbId !== undefined && !isLocalId(tmdbId) && kinds.length === 1) {
        const mediaType = kinds[0]!;
        const known = await remembered(`tmdb:${mediaType}:${tmdbId}`, async () =>
          mediaType === "movie"
            ? (await catalogue.movie(tmdbId)) !== null
            : (await catalogue.series(tmdbId)) !== null,
        );
        if (known) return { state: "sure", item: { mediaType, id: tmdbId } };
      }
      const imdbId = fields.imdbId ?? fields.ids?.imdb;
      if (imdbId) {
        const item = await remembered(`imdb:${imdbId}`, () => catalogue.findByImdbId(imdbId));
        if (item && kinds.includes(item.mediaType)) return { state: "sure", item };
      }
      const tvdbId = fields.ids?.tvdb;
      if (tvdbId && kinds.includes("tv")) {
        const item = await remembered(`tvdb:${tvdbId}`, () => catalogue.findSeriesByTvdbId(tvdbId));
        if (item) return { state: "sure", item };
      }
      const key = `title:${kinds.join(",")}:${searchText(fields.title)}:${searchText(fields.originalTitle ?? "")}:${fields.year ?? ""}`;
      return remembered(key, () => byTitle(fields, kinds));
    },
  };
}
