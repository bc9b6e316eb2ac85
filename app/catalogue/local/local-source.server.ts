import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import {
  catalogueCredits,
  catalogueEpisodes,
  catalogueGenres,
  catalogueMeta,
  cataloguePeople,
  catalogueSeasons,
  catalogueTitles,
} from "~/db/catalogue-schema";
import { queryRows, type Database } from "~/db/client.server";
import { isServiceFailure, ServiceUnavailableError } from "~/core/failures.server";
import type { Logger } from "~/core/logger.server";
import type { Catalogue } from "../catalogue.server";
import { CONTENT_HASH_KEY } from "./load.server";
import { searchText } from "~/core/text";
import {
  MAX_PAGE,
  PAGE_SIZE,
  RECOMMENDATION_LIMIT,
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

function titleOrder(sort: string | undefined): SQL[] {
  const t = catalogueTitles;
  switch (sort) {
    case "vote_average.desc":
      return [desc(t.voteAverage), desc(t.voteCount), asc(t.id)];
    case "primary_release_date.desc":
    case "first_air_date.desc":
      return [sql`${t.date} desc nulls last`, asc(t.id)];
    case "primary_release_date.asc":
    case "first_air_date.asc":
      return [sql`${t.date} asc nulls last`, asc(t.id)];
    default:
      return [desc(t.popularity), asc(t.id)];
  }
}

/**
 * The local source: the catalogue tables in our own database (loaded by load.server.ts).
 * Everything is answered by SQL: filters, sorts, 20-item pages and Turkish-insensitive search
 * on trigram indexes.
 */
export function createLocalSource(db: Database, logger: Logger): Catalogue {
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

  // How many titles a filter matches, remembered per loaded content (its hash, one indexed row):
  // every page of a filter needs the same count, the most expensive part of a page at 100,000
  // titles, and the tables change only when new content is loaded.
  const counts = new Map<string, Promise<number>>();
  let countsFor: string | undefined;

  async function countOf(mediaType: "movie" | "tv", where: SQL | undefined): Promise<number> {
    const [loaded] = await db
      .select({ value: catalogueMeta.value })
      .from(catalogueMeta)
      .where(eq(catalogueMeta.key, CONTENT_HASH_KEY));
    if (loaded?.value !== countsFor) {
      counts.clear();
      countsFor = loaded?.value;
    }
    const query = db
      .select({ one: sql`1` })
      .from(catalogueTitles)
      .where(where)
      // Pages stop at MAX_PAGE, so counting past the rows they can show is wasted work.
      .limit(MAX_PAGE * PAGE_SIZE)
      .as("capped");
    const counting = db.select({ total: sql<number>`count(*)::int` }).from(query);
    const { sql: text, params } = counting.toSQL();
    const key = `${mediaType}:${text}:${JSON.stringify(params)}`;
    let known = counts.get(key);
    if (!known) {
      known = counting.then(([row]) => Number(row?.total ?? 0));
      counts.set(key, known);
      // A failed count is not remembered.
      known.catch(() => counts.delete(key));
    }
    return known;
  }

  async function titlePage<T>(
    mediaType: "movie" | "tv",
    conditions: (SQL | undefined)[],
    order: SQL[],
    page: number,
  ): Promise<Paged<T>> {
    const t = catalogueTitles;
    const where = and(eq(t.mediaType, mediaType), ...conditions);
    const [total, rows] = await Promise.all([
      countOf(mediaType, where),
      db
        .select({ summary: t.summary })
        .from(t)
        .where(where)
        .orderBy(...order)
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE),
    ]);
    return toPaged(
      rows.map((row) => row.summary as T),
      total,
      page,
    );
  }

  function discover<T>(mediaType: "movie" | "tv", filter: DiscoverFilter<string>) {
    const t = catalogueTitles;
    return titlePage<T>(
      mediaType,
      [
        filter.genreId === undefined
          ? undefined
          : sql`${t.genreIds} @> array[${filter.genreId}]::int[]`,
        filter.voteAverageGte === undefined ? undefined : gte(t.voteAverage, filter.voteAverageGte),
        filter.voteCountGte === undefined ? undefined : gte(t.voteCount, filter.voteCountGte),
        filter.yearGte === undefined ? undefined : gte(t.year, filter.yearGte),
        filter.yearLte === undefined ? undefined : lte(t.year, filter.yearLte),
      ],
      titleOrder(filter.sortBy),
      pageNumber(filter.page),
    );
  }

  /** One page of titles and people matching `match`, best first: exact, prefix, word start, anywhere. */
  async function searchPage(
    folded: string,
    match: (column: SQL) => SQL,
    page: number,
  ): Promise<Paged<SearchResult>> {
    const tier = (column: SQL) => sql`case
      when ${column} = ${folded} then 0
      when ${column} like ${`${folded}%`} then 1
      when ${column} like ${`% ${folded}%`} then 2
      else 3 end`;
    const titleText = sql`${catalogueTitles.searchText}`;
    const personText = sql`${cataloguePeople.searchText}`;
    const matches = sql`
      select summary, popularity, ${tier(titleText)} as tier,
             word_similarity(${folded}, ${titleText}) as similarity
        from ${catalogueTitles} where ${match(titleText)}
      union all
      select summary, popularity, ${tier(personText)} as tier,
             word_similarity(${folded}, ${personText}) as similarity
        from ${cataloguePeople} where ${match(personText)}`;
    const rows = await queryRows<{ summary: SearchResult; total: number }>(
      db,
      sql`select summary, count(*) over ()::int as total from (${matches}) as found
          order by tier, similarity desc, popularity desc
          limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && page > 1) {
      const [counted] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from (${matches}) as found`,
      );
      total = Number(counted?.total ?? 0);
    }
    return toPaged(
      rows.map((row) => row.summary),
      total,
      page,
    );
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

  return {
    source: "local",
    imageBaseUrl: LOCAL_IMAGE_BASE,

    popularMovies: safely("popularMovies", (page?: number) =>
      titlePage<MovieSummary>("movie", [], titleOrder("popularity.desc"), pageNumber(page)),
    ),
    popularSeries: safely("popularSeries", (page?: number) =>
      titlePage<SeriesSummary>("tv", [], titleOrder("popularity.desc"), pageNumber(page)),
    ),
    // "Trending today": popularity shaken by a pseudo-random factor that changes once a day.
    trendingMovies: safely("trendingMovies", () => {
      const day = Math.floor(Date.now() / 86_400_000);
      const t = catalogueTitles;
      const factor = sql`(0.6 + (abs(hashtext(${t.id}::text || ':' || ${day}::text)) % 1000) / 1250.0)`;
      return titlePage<MovieSummary>(
        "movie",
        [],
        [sql`${t.popularity} * ${factor} desc`, asc(t.id)],
        1,
      );
    }),
    popularPeople: safely("popularPeople", async (page?: number) => {
      const current = pageNumber(page);
      const p = cataloguePeople;
      const [countRow] = await db.select({ total: sql<number>`count(*)::int` }).from(p);
      const rows = await db
        .select({ summary: p.summary })
        .from(p)
        .orderBy(desc(p.popularity), asc(p.id))
        .limit(PAGE_SIZE)
        .offset((current - 1) * PAGE_SIZE);
      return toPaged(
        rows.map((row) => row.summary as PersonSummary),
        Number(countRow?.total ?? 0),
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
    genres: safely("genres", async (mediaType: "movie" | "tv") => {
      const rows = await db
        .select({ id: catalogueGenres.id, name: catalogueGenres.name })
        .from(catalogueGenres)
        .where(eq(catalogueGenres.mediaType, mediaType));
      return rows.sort((a, b) => a.name.localeCompare(b.name, "tr"));
    }),

    discoverMovies: safely("discoverMovies", (filter: DiscoverFilter<string>) =>
      discover<MovieSummary>("movie", filter),
    ),
    discoverSeries: safely("discoverSeries", (filter: DiscoverFilter<string>) =>
      discover<SeriesSummary>("tv", filter),
    ),

    search: safely("search", async (query: string, page?: number) => {
      const folded = searchText(query);
      if (folded.length < 3) return null;
      const current = pageNumber(page);
      // Substring matches first (trigram index); only when there are none, fuzzy matches
      // (trigram word similarity), which catch typos but cost more.
      const substring = (column: SQL) => sql`${column} like ${`%${folded}%`}`;
      const fuzzy = (column: SQL) => sql`${folded} <% ${column}`;
      const exact = await searchPage(folded, substring, current);
      return exact.totalResults > 0 ? exact : searchPage(folded, fuzzy, current);
    }),
  };
}
