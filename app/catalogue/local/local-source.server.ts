import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import {
  catalogueCredits,
  catalogueEpisodes,
  catalogueGenres,
  catalogueMeta,
  cataloguePeople,
  catalogueSearch,
  catalogueSeasons,
  catalogueTitles,
} from "~/db/catalogue-schema";
import { queryRows, type Database } from "~/db/client.server";
import { isServiceFailure, ServiceUnavailableError } from "~/core/failures.server";
import type { Logger } from "~/core/logger.server";
import { familyRatingsOf, turkishAgeRating } from "../age-ratings";
import type { Catalogue } from "../catalogue.server";
import { cinemaWindow } from "../cinema-dates.server";
import { addDays, today as siteToday } from "~/core/clock.server";
import { searchText } from "~/core/text";
import { CONTENT_HASH_KEY } from "./load.server";
import { createSearchIndex, type SearchEntry, type SearchIndex } from "./search-index";
import {
  MAX_PAGE,
  PAGE_SIZE,
  RECOMMENDATION_LIMIT,
  type CinemaRelease,
  type DiscoverFilter,
  type EpisodeDetails,
  type MovieDetails,
  type MovieSummary,
  type Paged,
  type PersonDetails,
  type PersonSummary,
  type SearchResult,
  type SeasonDetails,
  type SeriesDetails,
  type SeriesSummary,
} from "../types";

/** An IMDb title id: "tt" and seven or more digits. */
const IMDB_ID = /^tt\d{7,10}$/;

/** Where the app serves the local catalogue's drawn artwork (routes/artwork.tsx). */
const LOCAL_IMAGE_BASE = "/gorsel";

function pageNumber(page = 1) {
  return Math.min(Math.max(1, Math.trunc(page) || 1), MAX_PAGE);
}

function toPaged<T>(results: T[], total: number, page: number): Paged<T> {
  return {
    page,
    results,
    totalPages: Math.min(Math.ceil(total / PAGE_SIZE), MAX_PAGE),
    totalResults: total,
  };
}

/**
 * Each order is exactly one index's (catalogue-schema.ts), "nulls last" included: plain `desc`
 * means "nulls first" and could not walk those indexes (the columns are not null anyway).
 */
function titleOrder(sort: string | undefined): SQL[] {
  const t = catalogueTitles;
  switch (sort) {
    case "vote_average.desc":
      return [
        sql`${t.voteAverage} desc nulls last`,
        sql`${t.voteCount} desc nulls last`,
        asc(t.id),
      ];
    case "primary_release_date.desc":
    case "first_air_date.desc":
      return [sql`${t.date} desc nulls last`, asc(t.id)];
    case "primary_release_date.asc":
    case "first_air_date.asc":
      return [sql`${t.date} asc nulls last`, asc(t.id)];
    default:
      return [sql`${t.popularity} desc nulls last`, asc(t.id)];
  }
}

/** The same year bound on the date, so that date orders walk only that range of their index. */
const yearDate = (year: number | undefined, monthDay: string) =>
  year !== undefined && Number.isInteger(year) && year >= 1 && year <= 9999
    ? `${String(year).padStart(4, "0")}-${monthDay}`
    : undefined;

/** At most this many counts are kept (a count per filter combination). */
const MAX_COUNTS = 10_000;

/**
 * The local source: the catalogue tables in our own database (loaded by load.server.ts).
 * Filters, sorts and 20-item pages are answered by SQL, each list by an index-only walk down
 * its order; the counts, and the names search reads, are kept in memory for as long as the
 * tables hold the same content. Search is Turkish-insensitive: substring matches in memory,
 * then fuzzy matches on a trigram index.
 */
export function createLocalSource(
  db: Database,
  logger: Logger,
  {
    today = siteToday,
  }: {
    /** Istanbul's day (YYYY-MM-DD) for "Vizyonda"; the site clock unless a test sets one. */
    today?: () => string;
  } = {},
): Catalogue {
  /** A failing query is logged and thrown as unavailable, like a failing upstream. */
  function safely<A extends unknown[], T>(name: string, run: (...args: A) => Promise<T | null>) {
    return async (...args: A): Promise<T | null> => {
      try {
        return await run(...args);
      } catch (error) {
        if (isServiceFailure(error)) {
          logger.warn({ operation: name, err: String(error) }, "local catalogue unreachable");
        } else {
          logger.error({ err: error, operation: name }, "local catalogue query failed");
        }
        throw new ServiceUnavailableError(`local catalogue ${name} failed`, { cause: error });
      }
    };
  }

  /**
   * Which content the tables hold (load.server.ts): what is derived from them in memory (the
   * counts, the search index) is kept only while it stays the same. One primary-key read.
   */
  async function contentVersion(): Promise<string> {
    const [row] = await db
      .select({ value: catalogueMeta.value })
      .from(catalogueMeta)
      .where(eq(catalogueMeta.key, CONTENT_HASH_KEY));
    return row?.value ?? "";
  }

  // The tables change only when content is loaded, so a count, the one part of a list page
  // that reads every matching row, is computed once per filter (and shared by its pages and
  // sorts).
  let countsVersion = "";
  const counts = new Map<string, Promise<number>>();
  function countOnce(key: string, version: string, count: () => Promise<number>) {
    if (version !== countsVersion || counts.size >= MAX_COUNTS) {
      counts.clear();
      countsVersion = version;
    }
    let known = counts.get(key);
    if (!known) {
      known = count();
      counts.set(key, known);
      known.catch(() => counts.delete(key));
    }
    return known;
  }

  async function titlePage<T>(
    mediaType: "movie" | "tv",
    filter: Omit<DiscoverFilter<string>, "page" | "sortBy">,
    order: SQL[],
    page: number,
  ): Promise<Paged<T>> {
    const t = catalogueTitles;
    const dateFrom = yearDate(filter.yearGte, "01-01");
    const dateTo = yearDate(filter.yearLte, "12-31");
    const where = and(
      eq(t.mediaType, mediaType),
      filter.genreId === undefined
        ? undefined
        : sql`${t.genreIds} @> array[${filter.genreId}]::int[]`,
      filter.voteAverageGte === undefined ? undefined : gte(t.voteAverage, filter.voteAverageGte),
      filter.voteCountGte === undefined ? undefined : gte(t.voteCount, filter.voteCountGte),
      filter.yearGte === undefined ? undefined : gte(t.year, filter.yearGte),
      filter.yearLte === undefined ? undefined : lte(t.year, filter.yearLte),
      dateFrom === undefined ? undefined : sql`${t.date} >= ${dateFrom}`,
      dateTo === undefined ? undefined : sql`${t.date} <= ${dateTo}`,
      filter.familyFriendly ? inArray(t.ageRating, familyRatingsOf(mediaType)) : undefined,
    );
    const key = JSON.stringify([
      mediaType,
      filter.genreId,
      filter.voteAverageGte,
      filter.voteCountGte,
      filter.yearGte,
      filter.yearLte,
      filter.familyFriendly ?? false,
    ]);
    const total = await countOnce(key, await contentVersion(), async () => {
      // Pages stop at MAX_PAGE, so counting past the rows they can show is wasted work.
      const capped = db
        .select({ one: sql`1` })
        .from(t)
        .where(where)
        .limit(MAX_PAGE * PAGE_SIZE)
        .as("capped");
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
      return Number(row?.total ?? 0);
    });
    // The page's ids come from an index-only walk; only its 20 rows are read from the table.
    const ids = db
      .select({ id: t.id })
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
    const rows = await queryRows<{ summary: T }>(
      db,
      sql`select shown.summary from unnest(array(${ids})) with ordinality as page(id, position)
          join ${t} as shown on shown.media_type = ${mediaType} and shown.id = page.id
          order by page.position`,
    );
    return toPaged(
      rows.map((row) => row.summary),
      total,
      page,
    );
  }

  function discover<T>(mediaType: "movie" | "tv", filter: DiscoverFilter<string>) {
    return titlePage<T>(mediaType, filter, titleOrder(filter.sortBy), pageNumber(filter.page));
  }

  /** The summaries of search entries, in their order. */
  async function searchSummaries(entries: SearchEntry[]): Promise<SearchResult[]> {
    if (entries.length === 0) return [];
    const titles = entries.filter((entry) => entry.kind !== "person");
    const people = entries.filter((entry) => entry.kind === "person");
    const t = catalogueTitles;
    const p = cataloguePeople;
    const queries: SQL[] = [];
    if (titles.length) {
      const keys = sql.join(
        titles.map((entry) => sql`(${entry.kind}, ${entry.id}::int)`),
        sql`, `,
      );
      queries.push(
        sql`select ${t.mediaType} as kind, ${t.id} as id, ${t.summary} as summary from ${t}
             where (${t.mediaType}, ${t.id}) in (${keys})`,
      );
    }
    if (people.length) {
      const ids = sql.join(
        people.map((entry) => sql`${entry.id}::int`),
        sql`, `,
      );
      queries.push(
        sql`select 'person' as kind, ${p.id} as id, ${p.summary} as summary from ${p}
             where ${p.id} in (${ids})`,
      );
    }
    const rows = await queryRows<{ kind: string; id: number; summary: SearchResult }>(
      db,
      sql.join(queries, sql` union all `),
    );
    const found = new Map(rows.map((row) => [`${row.kind}:${row.id}`, row.summary]));
    return entries.flatMap((entry) => found.get(`${entry.kind}:${entry.id}`) ?? []);
  }

  // Substring search reads every name, so the names live in memory (150,000 of them take a few
  // megabytes), loaded from catalogue_search once per content version.
  let searchIndex: { version: string; index: Promise<SearchIndex> } | null = null;
  async function currentSearchIndex(): Promise<SearchIndex> {
    const version = await contentVersion();
    if (searchIndex?.version !== version) {
      const s = catalogueSearch;
      const index = db
        .select({ kind: s.kind, id: s.id, text: s.searchText })
        .from(s)
        .orderBy(desc(s.popularity), asc(s.kind), asc(s.id))
        .then(createSearchIndex);
      searchIndex = { version, index };
      index.catch(() => {
        if (searchIndex?.index === index) searchIndex = null;
      });
    }
    return searchIndex.index;
  }

  /**
   * Fuzzy matches (trigram word similarity: typos), when nothing contains the query: every word
   * of the query must be close to a word of the name (so one common word cannot match half the
   * catalogue), best first.
   */
  async function fuzzyPage(folded: string, page: number): Promise<Paged<SearchResult>> {
    const s = catalogueSearch;
    const words = sql.join(
      folded.split(" ").map((word) => sql`${word} <% ${s.searchText}`),
      sql` and `,
    );
    const rows = await queryRows<SearchEntry & { total: number }>(
      db,
      sql`select ${s.kind} as kind, ${s.id} as id, count(*) over ()::int as total
            from ${s} where ${words}
           order by word_similarity(${folded}, ${s.searchText}) desc, ${s.popularity} desc,
                    ${s.kind}, ${s.id}
           limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && page > 1) {
      const [counted] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from ${s} where ${words}`,
      );
      total = Number(counted?.total ?? 0);
    }
    return toPaged(await searchSummaries(rows), total, page);
  }

  async function titleDetails<T>(mediaType: "movie" | "tv", id: number): Promise<T | null> {
    const [row] = await db
      .select({ details: catalogueTitles.details })
      .from(catalogueTitles)
      .where(and(eq(catalogueTitles.mediaType, mediaType), eq(catalogueTitles.id, id)));
    // The local catalogue has no offers data: no invented "where to watch".
    return row ? ({ ...(row.details as object), watchProviders: null } as T) : null;
  }

  /**
   * "Benzer yapımlar" in one query. Candidates: up to 150 titles sharing people with this one
   * (cast, directors, creators: the credits' media index) and the 150 most popular titles
   * sharing a genre among the 3,000 most popular of the kind (the popularity index). They are
   * ranked by the share of its genres they have, the people in common (up to three count) and
   * popularity.
   */
  async function recommendations<T>(mediaType: "movie" | "tv", id: number): Promise<T[]> {
    const t = catalogueTitles;
    const c = catalogueCredits;
    const rows = await queryRows<{ summary: T }>(
      db,
      sql`with target as (
            select ${t.genreIds} as genre_ids from ${t}
             where ${t.mediaType} = ${mediaType} and ${t.id} = ${id}
          ),
          by_people as (
            select other.media_id as id, count(*)::int as shared
              from ${c} as mine
              join ${c} as other
                on other.person_id = mine.person_id and other.media_type = ${mediaType}
             where mine.media_type = ${mediaType} and mine.media_id = ${id}
               and other.media_id <> ${id}
             group by other.media_id
             order by shared desc
             limit 150
          ),
          by_genres as (
            -- The 150 most popular titles sharing a genre, among the 3,000 most popular of
            -- the kind: a bounded walk down the popularity index, whatever the genres.
            select popular.id from (
              select ${t.id} as id, ${t.genreIds} as genre_ids from ${t}
               where ${t.mediaType} = ${mediaType}
               -- "nulls last" as in the index (drizzle's desc()); plain "desc" cannot use it.
               order by ${t.popularity} desc nulls last
               limit 3000
            ) as popular, target
             where popular.id <> ${id} and popular.genre_ids && target.genre_ids
             limit 150
          ),
          candidates as (select id from by_people union select id from by_genres),
          ranked as (
            -- Ranked without the JSON summaries: only the 12 chosen ones are read.
            select ${t.id} as id, ${t.popularity} as popularity,
                   2.0 * cardinality(array(
                     select unnest(${t.genreIds}) intersect select unnest(target.genre_ids)
                   )) / greatest(cardinality(target.genre_ids), 1)
                   + least(coalesce(by_people.shared, 0), 3)
                   + ln(1 + ${t.popularity}) / 5 as score
              from candidates
              join ${t} on ${t.mediaType} = ${mediaType} and ${t.id} = candidates.id
              cross join target
              left join by_people on by_people.id = candidates.id
             order by score desc, popularity desc, id
             limit ${RECOMMENDATION_LIMIT}
          )
          select ${t.summary} as summary
            from ranked
            join ${t} on ${t.mediaType} = ${mediaType} and ${t.id} = ranked.id
           order by ranked.score desc, ranked.popularity desc, ranked.id`,
    );
    return rows.map((row) => row.summary);
  }

  /**
   * Films whose Turkish release day lies in a range, ordered by that day (then the most
   * popular). A range walk of the cinema_date index: only films have that day.
   */
  async function cinemaReleases(range: SQL | undefined, order: "asc" | "desc") {
    const t = catalogueTitles;
    const rows = await db
      .select({ summary: t.summary, cinemaDate: t.cinemaDate, ageRating: t.ageRating })
      .from(t)
      .where(and(eq(t.mediaType, "movie"), range))
      .orderBy(
        order === "asc" ? asc(t.cinemaDate) : desc(t.cinemaDate),
        desc(t.popularity),
        asc(t.id),
      );
    return rows.map((row): CinemaRelease => ({
      ...(row.summary as MovieSummary),
      turkishReleaseDate: row.cinemaDate!,
      ageRating: turkishAgeRating(row.ageRating),
    }));
  }

  return {
    source: "local",
    imageBaseUrl: LOCAL_IMAGE_BASE,

    popularMovies: safely("popularMovies", (page?: number) =>
      titlePage<MovieSummary>("movie", {}, titleOrder("popularity.desc"), pageNumber(page)),
    ),
    popularSeries: safely("popularSeries", (page?: number) =>
      titlePage<SeriesSummary>("tv", {}, titleOrder("popularity.desc"), pageNumber(page)),
    ),
    // "Trending today": popularity shaken by a pseudo-random factor that changes once a day.
    trendingMovies: safely("trendingMovies", () => {
      const day = Math.floor(Date.now() / 86_400_000);
      const t = catalogueTitles;
      const factor = sql`(0.6 + (abs(hashtext(${t.id}::text || ':' || ${day}::text)) % 1000) / 1250.0)`;
      return titlePage<MovieSummary>(
        "movie",
        {},
        [sql`${t.popularity} * ${factor} desc`, asc(t.id)],
        1,
      );
    }),
    popularPeople: safely("popularPeople", async (page?: number) => {
      const current = pageNumber(page);
      const p = cataloguePeople;
      const total = await countOnce("people", await contentVersion(), async () => {
        const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(p);
        return Number(row?.total ?? 0);
      });
      const rows = await db
        .select({ summary: p.summary })
        .from(p)
        .orderBy(sql`${p.popularity} desc nulls last`, asc(p.id))
        .limit(PAGE_SIZE)
        .offset((current - 1) * PAGE_SIZE);
      return toPaged(
        rows.map((row) => row.summary as PersonSummary),
        total,
        current,
      );
    }),

    movie: safely("movie", (id: number) => titleDetails<MovieDetails>("movie", id)),
    series: safely("series", (id: number) => titleDetails<SeriesDetails>("tv", id)),
    movieRecommendations: safely("movieRecommendations", (id: number) =>
      recommendations<MovieSummary>("movie", id),
    ),
    seriesRecommendations: safely("seriesRecommendations", (id: number) =>
      recommendations<SeriesSummary>("tv", id),
    ),
    season: safely("season", async (seriesId: number, seasonNumber: number) => {
      const [row] = await db
        .select({ details: catalogueSeasons.details })
        .from(catalogueSeasons)
        .where(
          and(
            eq(catalogueSeasons.seriesId, seriesId),
            eq(catalogueSeasons.seasonNumber, seasonNumber),
          ),
        );
      return (row?.details as SeasonDetails | undefined) ?? null;
    }),
    episode: safely(
      "episode",
      async (seriesId: number, seasonNumber: number, episodeNumber: number) => {
        const e = catalogueEpisodes;
        const [row] = await db
          .select({ details: e.details })
          .from(e)
          .where(
            and(
              eq(e.seriesId, seriesId),
              eq(e.seasonNumber, seasonNumber),
              eq(e.episodeNumber, episodeNumber),
            ),
          );
        return (row?.details as EpisodeDetails | undefined) ?? null;
      },
    ),
    person: safely("person", async (id: number) => {
      const [row] = await db
        .select({ details: cataloguePeople.details })
        .from(cataloguePeople)
        .where(eq(cataloguePeople.id, id));
      if (!row) return null;
      const c = catalogueCredits;
      const t = catalogueTitles;
      const credits = await db
        .select({ mediaType: c.mediaType, character: c.character, summary: t.summary })
        .from(c)
        .innerJoin(t, and(eq(t.mediaType, c.mediaType), eq(t.id, c.mediaId)))
        .where(eq(c.personId, id));
      const person = row.details as Omit<PersonDetails, "movieCredits" | "tvCredits">;
      return {
        ...person,
        movieCredits: credits
          .filter((credit) => credit.mediaType === "movie")
          .map((credit) => ({ ...(credit.summary as MovieSummary), character: credit.character })),
        tvCredits: credits
          .filter((credit) => credit.mediaType === "tv")
          .map((credit) => ({ ...(credit.summary as SeriesSummary), character: credit.character })),
      };
    }),
    findByImdbId: safely("findByImdbId", async (imdbId: string) => {
      if (!IMDB_ID.test(imdbId)) return null;
      const [row] = await db
        .select({ mediaType: catalogueTitles.mediaType, id: catalogueTitles.id })
        .from(catalogueTitles)
        .where(eq(catalogueTitles.imdbId, imdbId))
        .limit(1);
      return row ?? null;
    }),
    // The embedded catalogue keeps no TVDB ids: imports match such series by name and year.
    findSeriesByTvdbId: () => Promise.resolve(null),
    genres: safely("genres", async (mediaType: "movie" | "tv") => {
      const rows = await db
        .select({ id: catalogueGenres.id, name: catalogueGenres.name })
        .from(catalogueGenres)
        .where(eq(catalogueGenres.mediaType, mediaType));
      return rows.sort((a, b) => a.name.localeCompare(b.name, "tr"));
    }),

    nowPlayingInTurkey: safely("nowPlayingInTurkey", () => {
      const day = today();
      const t = catalogueTitles;
      return cinemaReleases(
        and(gte(t.cinemaDate, cinemaWindow(day).showingFrom), lte(t.cinemaDate, day)),
        "desc",
      );
    }),
    upcomingInTurkey: safely("upcomingInTurkey", () => {
      const day = today();
      const t = catalogueTitles;
      return cinemaReleases(
        and(gte(t.cinemaDate, addDays(day, 1)), lte(t.cinemaDate, cinemaWindow(day).upcomingTo)),
        "asc",
      );
    }),

    discoverMovies: safely("discoverMovies", (filter: DiscoverFilter<string>) =>
      discover<MovieSummary>("movie", filter),
    ),
    discoverSeries: safely("discoverSeries", (filter: DiscoverFilter<string>) =>
      discover<SeriesSummary>("tv", filter),
    ),

    search: safely(
      "search",
      async (query: string, page?: number, options?: { typos?: boolean }) => {
        const folded = searchText(query);
        if (folded.length < 3) return null;
        const current = pageNumber(page);
        // Names that contain the query first (in memory); only when there are none, fuzzy
        // matches, which catch typos but cost more.
        const found = (await currentSearchIndex()).search(folded, current - 1, PAGE_SIZE);
        if (found.total === 0) {
          return options?.typos === false ? toPaged([], 0, current) : fuzzyPage(folded, current);
        }
        return toPaged(await searchSummaries(found.entries), found.total, current);
      },
    ),
  };
}
