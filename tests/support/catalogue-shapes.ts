import { z } from "zod";
import { FILM_AGE_RATINGS, SERIES_AGE_RATINGS } from "~/catalogue/age-ratings";

/** The catalogue's own types as strict schemas: both sources must answer exactly these shapes. */

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable();
const imagePath = z.string().startsWith("/").nullable();

const titleBase = {
  id: z.number().int().positive(),
  overview: z.string(),
  posterPath: imagePath,
  backdropPath: imagePath,
  voteAverage: z.number().min(0).max(10),
  voteCount: z.number().int().min(0),
  popularity: z.number().min(0),
  genreIds: z.array(z.number().int()),
};
export const movieSummary = z.strictObject({
  mediaType: z.literal("movie"),
  title: z.string().min(1),
  originalTitle: z.string().min(1),
  releaseDate: date,
  ...titleBase,
});
export const seriesSummary = z.strictObject({
  mediaType: z.literal("tv"),
  name: z.string().min(1),
  originalName: z.string().min(1),
  firstAirDate: date,
  ...titleBase,
});
export const personSummary = z.strictObject({
  mediaType: z.literal("person"),
  id: z.number().int().positive(),
  name: z.string().min(1),
  knownForDepartment: z.string().nullable(),
  profilePath: imagePath,
  popularity: z.number().min(0),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.strictObject({
    page: z.number().int().positive(),
    results: z.array(item).max(20),
    totalPages: z.number().int().min(0).max(500),
    totalResults: z.number().int().min(0),
  });
}

const genre = z.strictObject({ id: z.number().int(), name: z.string().min(1) });
const cast = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  character: z.string(),
  profilePath: imagePath,
});
const crew = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  job: z.string(),
  department: z.string(),
  profilePath: imagePath,
});
const video = z.strictObject({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  type: z.string(),
  site: z.string(),
});
const images = z.strictObject({ backdrops: z.array(z.string()), posters: z.array(z.string()) });
const provider = z.strictObject({
  id: z.number().int(),
  name: z.string().min(1),
  logoPath: imagePath,
});
const watchProviders = z
  .strictObject({
    link: z.string().nullable(),
    subscription: z.array(provider),
    free: z.array(provider).optional(),
    ads: z.array(provider).optional(),
    rent: z.array(provider),
    buy: z.array(provider),
  })
  .nullable();

export const movieDetails = movieSummary.extend({
  otherTitles: z.array(z.string().min(1)),
  imdbId: z
    .string()
    .regex(/^tt\d{7,10}$/)
    .nullable(),
  watchProviders,
  ageRating: z.enum(FILM_AGE_RATINGS).nullable(),
  runtime: z.number().int().positive().nullable(),
  genres: z.array(genre),
  videos: z.array(video),
  images,
  cast: z.array(cast),
  crew: z.array(crew),
});

export const seriesDetails = seriesSummary.extend({
  otherTitles: z.array(z.string().min(1)),
  imdbId: z
    .string()
    .regex(/^tt\d{7,10}$/)
    .nullable(),
  watchProviders,
  ageRating: z.enum(SERIES_AGE_RATINGS).nullable(),
  status: z.string().nullable(),
  numberOfSeasons: z.number().int().min(0),
  numberOfEpisodes: z.number().int().min(0),
  seasons: z.array(
    z.strictObject({
      id: z.number().int(),
      name: z.string(),
      seasonNumber: z.number().int().min(0),
      episodeCount: z.number().int().min(0),
      airDate: date,
      posterPath: imagePath,
    }),
  ),
  createdBy: z.array(
    z.strictObject({ id: z.number().int(), name: z.string(), profilePath: imagePath }),
  ),
  genres: z.array(genre),
  videos: z.array(video),
  images,
  cast: z.array(cast),
  crew: z.array(crew),
});

const episodeSummary = z.strictObject({
  id: z.number().int(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int().positive(),
  name: z.string(),
  overview: z.string(),
  airDate: date,
  runtime: z.number().int().positive().nullable(),
  voteAverage: z.number().min(0).max(10),
  stillPath: imagePath,
});

export const seasonDetails = z.strictObject({
  id: z.number().int(),
  seriesId: z.number().int(),
  seasonNumber: z.number().int(),
  name: z.string(),
  overview: z.string(),
  airDate: date,
  posterPath: imagePath,
  voteAverage: z.number(),
  episodes: z.array(episodeSummary),
});

export const episodeDetails = episodeSummary.extend({
  seriesId: z.number().int(),
  guestStars: z.array(cast),
  crew: z.array(crew),
  cast: z.array(cast),
});

export const personDetails = personSummary.extend({
  biography: z.string(),
  birthday: date,
  deathday: date,
  placeOfBirth: z.string().nullable(),
  movieCredits: z.array(movieSummary.extend({ character: z.string() })),
  tvCredits: z.array(seriesSummary.extend({ character: z.string() })),
});

export const searchResult = z.discriminatedUnion("mediaType", [
  movieSummary,
  seriesSummary,
  personSummary,
]);

/** A film on (or coming to) Turkish cinemas: a film's summary, its Turkish day and rating. */
export const cinemaRelease = movieSummary.extend({
  turkishReleaseDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ageRating: z.enum(FILM_AGE_RATINGS).nullable(),
});
