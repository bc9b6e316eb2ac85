import { z } from "zod";
import type {
  CastMember,
  CrewMember,
  EpisodeDetails,
  EpisodeSummary,
  Genre,
  MovieDetails,
  MovieSummary,
  Paged,
  PersonDetails,
  PersonSummary,
  SearchResult,
  SeasonDetails,
  SeriesDetails,
  SeriesSummary,
  WatchProvider,
  WatchProviders,
} from "../types";
import { RECOMMENDATION_LIMIT } from "../types";
import { turkishAgeRating, type AgeRating } from "../age-ratings";

/*
 * The movie database's JSON, validated at the edge and turned into the catalogue's own types.
 * Missing or null fields become empty values, unknown fields are ignored, and one malformed
 * item in a list is dropped instead of failing the whole answer.
 */

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value || null);
const number = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);
const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
const id = z.number().int();

function list<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .nullish()
    .transform((values) =>
      (values ?? []).flatMap((value) => {
        const parsed = item.safeParse(value);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

/** Details as parsed, with the recommendations that came in the same answer. */
export type WithRecommendations<D, S> = D & { recommendations: S[] };

const genre = z.object({ id, name: text }) satisfies z.ZodType<Genre>;

/** Fields films and series share in the movie database's lists. */
const titleFields = {
  id,
  overview: text,
  poster_path: optionalText,
  backdrop_path: optionalText,
  vote_average: number,
  vote_count: number,
  popularity: number,
  genre_ids: list(z.number()),
  genres: list(genre),
};
function titleBase(raw: z.output<z.ZodObject<typeof titleFields>>) {
  return {
    id: raw.id,
    overview: raw.overview,
    posterPath: raw.poster_path,
    backdropPath: raw.backdrop_path,
    voteAverage: raw.vote_average,
    voteCount: raw.vote_count,
    popularity: raw.popularity,
    // Lists carry genre_ids, details carry genres.
    genreIds: raw.genre_ids.length ? raw.genre_ids : raw.genres.map((item) => item.id),
  };
}

const movieSummary = z
  .object({ ...titleFields, title: text, original_title: text, release_date: optionalText })
  .transform((raw): MovieSummary => ({
    mediaType: "movie",
    title: raw.title || raw.original_title,
    originalTitle: raw.original_title || raw.title,
    releaseDate: raw.release_date,
    ...titleBase(raw),
  }));

const seriesSummary = z
  .object({ ...titleFields, name: text, original_name: text, first_air_date: optionalText })
  .transform((raw): SeriesSummary => ({
    mediaType: "tv",
    name: raw.name || raw.original_name,
    originalName: raw.original_name || raw.name,
    firstAirDate: raw.first_air_date,
    ...titleBase(raw),
  }));

const personSummary = z
  .object({
    id,
    name: text,
    known_for_department: optionalText,
    profile_path: optionalText,
    popularity: number,
  })
  .transform((raw): PersonSummary => ({
    mediaType: "person",
    id: raw.id,
    name: raw.name,
    knownForDepartment: raw.known_for_department,
    profilePath: raw.profile_path,
    popularity: raw.popularity,
  }));

const castMember = z
  .object({ id, name: text, character: text, profile_path: optionalText })
  .transform((raw): CastMember => ({
    id: raw.id,
    name: raw.name,
    character: raw.character,
    profilePath: raw.profile_path,
  }));

const crewMember = z
  .object({ id, name: text, job: text, department: text, profile_path: optionalText })
  .transform((raw): CrewMember => ({
    id: raw.id,
    name: raw.name,
    job: raw.job,
    department: raw.department,
    profilePath: raw.profile_path,
  }));

const credits = z
  .object({ cast: list(castMember), crew: list(crewMember) })
  .nullish()
  .transform((raw) => raw ?? { cast: [], crew: [] });

const video = z.object({
  id: z.string(),
  key: z.string(),
  name: text,
  type: text,
  site: text,
});
const videos = z
  .object({ results: list(video) })
  .nullish()
  .transform((raw) => raw?.results ?? []);

const imageFile = z.object({ file_path: z.string() }).transform((raw) => raw.file_path);
const images = z
  .object({ backdrops: list(imageFile), posters: list(imageFile) })
  .nullish()
  .transform((raw) => raw ?? { backdrops: [], posters: [] });

function paged<T extends z.ZodType>(item: T) {
  return z
    .object({
      page: z.number().int().nullish(),
      results: list(item),
      total_pages: number,
      total_results: number,
    })
    .transform((raw): Paged<z.output<T>> => ({
      page: raw.page ?? 1,
      results: raw.results,
      totalPages: raw.total_pages,
      totalResults: raw.total_results,
    }));
}

export const moviePage = paged(movieSummary);
export const seriesPage = paged(seriesSummary);
export const peoplePage = paged(personSummary);

const searchItem = z
  .object({ media_type: z.enum(["movie", "tv", "person"]) })
  .loose()
  .transform((raw, ctx): SearchResult | typeof z.NEVER => {
    const schema =
      raw.media_type === "movie"
        ? movieSummary
        : raw.media_type === "tv"
          ? seriesSummary
          : personSummary;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "malformed search result" });
      return z.NEVER;
    }
    return parsed.data;
  });
export const searchPage = paged(searchItem);

export const genreList = z.object({ genres: list(genre) }).transform((raw) => raw.genres);

const watchProvider = z
  .object({ provider_id: id, provider_name: text, logo_path: optionalText })
  .transform((raw): WatchProvider => ({
    id: raw.provider_id,
    name: raw.provider_name,
    logoPath: raw.logo_path,
  }));

/** The region TR from `watch/providers`; null when there is no offer there. */
const turkishWatchProviders = z
  .object({
    results: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((regions) => regions?.TR),
  })
  .nullish()
  .transform((raw): WatchProviders | null => {
    const region = z
      .object({
        link: optionalText,
        flatrate: list(watchProvider),
        free: list(watchProvider),
        ads: list(watchProvider),
        rent: list(watchProvider),
        buy: list(watchProvider),
      })
      .safeParse(raw?.results);
    if (!region.success) return null;
    const { link, flatrate, free, ads, rent, buy } = region.data;
    if (flatrate.length + free.length + ads.length + rent.length + buy.length === 0) return null;
    return { link, subscription: flatrate, free, ads, rent, buy };
  });

/*
 * Turkish age ratings, appended to the detail request. Only region TR is ever read: a title
 * Turkey has not rated has no rating, whatever other countries say.
 */
const country = z.string().nullish();

/**
 * One country's entries of `release_dates`. Types: 1 premiere, 2 limited theatrical,
 * 3 theatrical, 4-6 not cinema.
 */
const releaseDates = list(
  z.object({
    iso_3166_1: country,
    release_dates: list(
      z.object({
        type: z.number().int().nullish(),
        release_date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}/)
          .transform((value) => value.slice(0, 10))
          .nullish()
          .catch(null),
        certification: text,
      }),
    ),
  }),
);

/** Turkey's cinema releases: the wide ones (3) before the limited ones (2), each by date. */
function turkishCinemaReleases(results: z.output<typeof releaseDates>) {
  const turkish = results.find((entry) => entry.iso_3166_1 === "TR")?.release_dates ?? [];
  return [3, 2].flatMap((type) =>
    turkish
      .filter((entry) => entry.type === type)
      .sort((a, b) => (a.release_date ?? "9999").localeCompare(b.release_date ?? "9999")),
  );
}

/** The first Turkish rating among those releases; null when Turkey gave none. */
const ratingOf = (releases: ReturnType<typeof turkishCinemaReleases>): AgeRating | null => {
  for (const release of releases) {
    const rating = turkishAgeRating(release.certification);
    if (rating) return rating;
  }
  return null;
};

/**
 * A film's rating from `release_dates`, appended to its details: its theatrical release in
 * Turkey with a certification (else its limited theatrical one); null when neither has one.
 */
const turkishFilmRating = z
  .object({ results: releaseDates })
  .nullish()
  .transform((raw) => ratingOf(turkishCinemaReleases(raw?.results ?? [])));

/** A series' RTÜK symbol from `content_ratings` (region TR); null when Turkey has none. */
const turkishSeriesRating = z
  .object({ results: list(z.object({ iso_3166_1: country, rating: text })) })
  .nullish()
  .transform((raw): AgeRating | null =>
    turkishAgeRating(raw?.results.find((entry) => entry.iso_3166_1 === "TR")?.rating),
  );

const recommendationsOf = <T extends z.ZodType>(summary: T) =>
  z
    .object({ results: list(summary) })
    .nullish()
    .transform((raw) => raw?.results ?? []);

/** At most 12, never the title itself. */
const related = <T extends { id: number }>(items: T[], self: number) =>
  items.filter((item) => item.id !== self).slice(0, RECOMMENDATION_LIMIT);

/**
 * `alternative_titles` (a film's `titles`, a series' `results`) and `translations` (each one's
 * `data.title` or `data.name`), appended to the details request: the title's other names, for
 * imports and search (decision 031). English names first; the Turkish and original titles and
 * repeats left out; at most OTHER_TITLES_LIMIT.
 */
const OTHER_TITLES_LIMIT = 40;
/** IMDb's id as the movie database gives it (a film's `imdb_id`, a series' `external_ids`). */
const imdbIdOf = z
  .string()
  .nullish()
  .transform((value) => (value && /^tt\d{7,10}$/.test(value) ? value : null));
const alternativeTitle = z.object({ iso_3166_1: text, title: text });
const alternativeTitles = z
  .object({ titles: list(alternativeTitle), results: list(alternativeTitle) })
  .nullish()
  .transform((raw) => [...(raw?.titles ?? []), ...(raw?.results ?? [])]);
const translations = z
  .object({
    translations: list(
      z.object({
        iso_639_1: text,
        data: z.object({ title: text, name: text }).nullish(),
      }),
    ),
  })
  .nullish()
  .transform((raw) => raw?.translations ?? []);

function otherTitlesOf(
  own: string[],
  alternatives: z.output<typeof alternativeTitles>,
  translated: z.output<typeof translations>,
): string[] {
  const english = (country: string) => ["US", "GB", "AU", "CA", "IE", "NZ"].includes(country);
  const names = [
    ...translated
      .filter((entry) => entry.iso_639_1 === "en")
      .map((entry) => entry.data?.title || entry.data?.name || ""),
    ...alternatives.filter((entry) => english(entry.iso_3166_1)).map((entry) => entry.title),
    ...alternatives.filter((entry) => !english(entry.iso_3166_1)).map((entry) => entry.title),
    ...translated
      .filter((entry) => entry.iso_639_1 !== "en")
      .map((entry) => entry.data?.title || entry.data?.name || ""),
  ];
  const seen = new Set(own.map((name) => name.trim().toLocaleLowerCase("tr-TR")));
  const kept: string[] = [];
  for (const name of names) {
    const trimmed = name.trim();
    const key = trimmed.toLocaleLowerCase("tr-TR");
    if (!trimmed || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
    if (kept.length === OTHER_TITLES_LIMIT) break;
  }
  return kept;
}

export const movieDetails = z
  .object({
    runtime: optionalNumber,
    genres: list(genre),
    credits,
    videos,
    images,
    recommendations: recommendationsOf(movieSummary),
    "watch/providers": turkishWatchProviders,
    release_dates: turkishFilmRating,
    alternative_titles: alternativeTitles,
    translations,
    imdb_id: imdbIdOf,
  })
  .loose()
  .transform((raw, ctx): WithRecommendations<MovieDetails, MovieSummary> | typeof z.NEVER => {
    const summary = movieSummary.safeParse(raw);
    if (!summary.success) {
      ctx.addIssue({ code: "custom", message: "malformed movie" });
      return z.NEVER;
    }
    return {
      ...summary.data,
      otherTitles: otherTitlesOf(
        [summary.data.title, summary.data.originalTitle],
        raw.alternative_titles,
        raw.translations,
      ),
      imdbId: raw.imdb_id,
      watchProviders: raw["watch/providers"],
      ageRating: raw.release_dates,
      recommendations: related(raw.recommendations, summary.data.id),
      runtime: raw.runtime || null,
      genres: raw.genres,
      videos: raw.videos,
      images: raw.images,
      cast: raw.credits.cast,
      crew: raw.credits.crew,
    };
  });

const seasonSummary = z
  .object({
    id,
    name: text,
    season_number: z.number().int(),
    episode_count: number,
    air_date: optionalText,
    poster_path: optionalText,
  })
  .transform((raw) => ({
    id: raw.id,
    name: raw.name,
    seasonNumber: raw.season_number,
    episodeCount: raw.episode_count,
    airDate: raw.air_date,
    posterPath: raw.poster_path,
  }));

const creator = z
  .object({ id, name: text, profile_path: optionalText })
  .transform((raw) => ({ id: raw.id, name: raw.name, profilePath: raw.profile_path }));

export const seriesDetails = z
  .object({
    status: optionalText,
    number_of_seasons: number,
    number_of_episodes: number,
    seasons: list(seasonSummary),
    created_by: list(creator),
    genres: list(genre),
    credits,
    videos,
    images,
    recommendations: recommendationsOf(seriesSummary),
    "watch/providers": turkishWatchProviders,
    content_ratings: turkishSeriesRating,
    alternative_titles: alternativeTitles,
    translations,
    external_ids: z
      .object({ imdb_id: imdbIdOf })
      .nullish()
      .transform((raw) => raw?.imdb_id ?? null),
  })
  .loose()
  .transform((raw, ctx): WithRecommendations<SeriesDetails, SeriesSummary> | typeof z.NEVER => {
    const summary = seriesSummary.safeParse(raw);
    if (!summary.success) {
      ctx.addIssue({ code: "custom", message: "malformed series" });
      return z.NEVER;
    }
    return {
      ...summary.data,
      otherTitles: otherTitlesOf(
        [summary.data.name, summary.data.originalName],
        raw.alternative_titles,
        raw.translations,
      ),
      imdbId: raw.external_ids,
      watchProviders: raw["watch/providers"],
      ageRating: raw.content_ratings,
      recommendations: related(raw.recommendations, summary.data.id),
      status: raw.status,
      numberOfSeasons: raw.number_of_seasons,
      numberOfEpisodes: raw.number_of_episodes,
      seasons: raw.seasons,
      createdBy: raw.created_by,
      genres: raw.genres,
      videos: raw.videos,
      images: raw.images,
      cast: raw.credits.cast,
      crew: raw.credits.crew,
    };
  });

const episodeFields = {
  id,
  name: text,
  overview: text,
  air_date: optionalText,
  runtime: optionalNumber,
  vote_average: number,
  still_path: optionalText,
  season_number: z.number().int().nullish(),
  episode_number: z.number().int(),
};

function toEpisodeSummary(
  raw: z.output<z.ZodObject<typeof episodeFields>>,
  seasonNumber: number,
): EpisodeSummary {
  return {
    id: raw.id,
    seasonNumber: raw.season_number ?? seasonNumber,
    episodeNumber: raw.episode_number,
    name: raw.name,
    overview: raw.overview,
    airDate: raw.air_date,
    runtime: raw.runtime || null,
    voteAverage: raw.vote_average,
    stillPath: raw.still_path,
  };
}

export function seasonDetails(seriesId: number) {
  return z
    .object({
      id,
      name: text,
      overview: text,
      air_date: optionalText,
      poster_path: optionalText,
      season_number: z.number().int(),
      vote_average: number,
      episodes: list(z.object(episodeFields)),
    })
    .transform((raw): SeasonDetails => ({
      id: raw.id,
      seriesId,
      seasonNumber: raw.season_number,
      name: raw.name,
      overview: raw.overview,
      airDate: raw.air_date,
      posterPath: raw.poster_path,
      voteAverage: raw.vote_average,
      episodes: raw.episodes.map((episode) => toEpisodeSummary(episode, raw.season_number)),
    }));
}

export function episodeDetails(seriesId: number, seasonNumber: number) {
  return z
    .object({
      ...episodeFields,
      guest_stars: list(castMember),
      crew: list(crewMember),
      credits: z
        .object({ cast: list(castMember) })
        .nullish()
        .transform((raw) => raw?.cast ?? []),
    })
    .transform((raw): EpisodeDetails => ({
      ...toEpisodeSummary(raw, seasonNumber),
      seriesId,
      guestStars: raw.guest_stars,
      crew: raw.crew,
      cast: raw.credits,
    }));
}

const withCharacter = <T extends z.ZodType<object>>(summary: T) =>
  z
    .object({ character: text })
    .loose()
    .transform((raw, ctx) => {
      const parsed = summary.safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "malformed credit" });
        return z.NEVER;
      }
      return { ...(parsed.data as z.output<T>), character: raw.character };
    });

export const personDetails = z
  .object({
    biography: text,
    birthday: optionalText,
    deathday: optionalText,
    place_of_birth: optionalText,
    movie_credits: z
      .object({ cast: list(withCharacter(movieSummary)) })
      .nullish()
      .transform((raw) => raw?.cast ?? []),
    tv_credits: z
      .object({ cast: list(withCharacter(seriesSummary)) })
      .nullish()
      .transform((raw) => raw?.cast ?? []),
  })
  .loose()
  .transform((raw, ctx): PersonDetails | typeof z.NEVER => {
    const summary = personSummary.safeParse(raw);
    if (!summary.success) {
      ctx.addIssue({ code: "custom", message: "malformed person" });
      return z.NEVER;
    }
    return {
      ...summary.data,
      biography: raw.biography,
      birthday: raw.birthday,
      deathday: raw.deathday,
      placeOfBirth: raw.place_of_birth,
      movieCredits: raw.movie_credits,
      tvCredits: raw.tv_credits,
    };
  });

/** Only the overview or biography, for the English fallback. */
const foundId = z.object({ id: z.number().int().positive() });

/** `/find/{imdb_id}`: the film, else the series, with that IMDb id; null when neither. */
export const findResult = z
  .object({
    movie_results: z.array(foundId).nullish(),
    tv_results: z.array(foundId).nullish(),
  })
  .transform((raw): { mediaType: "movie" | "tv"; id: number } | null => {
    const movie = raw.movie_results?.[0];
    if (movie) return { mediaType: "movie", id: movie.id };
    const series = raw.tv_results?.[0];
    return series ? { mediaType: "tv", id: series.id } : null;
  });

export const overviewOnly = z.object({ overview: text }).transform((raw) => raw.overview);
export const biographyOnly = z.object({ biography: text }).transform((raw) => raw.biography);

export const turkishTheatricalRelease = z
  .object({ results: releaseDates })
  .transform((raw): { date: string | null; ageRating: AgeRating | null } => {
    const releases = turkishCinemaReleases(raw.results);
    return {
      date: releases.find((entry) => entry.release_date)?.release_date ?? null,
      ageRating: ratingOf(releases),
    };
  });
