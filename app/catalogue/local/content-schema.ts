import { z } from "zod";
import { FILM_AGE_RATINGS, SERIES_AGE_RATINGS } from "../age-ratings";

/**
 * The shape of the hand-written catalogue files in `content/catalogue/`.
 * People are referenced by `key` (a slug of the name, e.g. "sener-sen") so that
 * several files can credit the same person; numeric ids are the movie database's
 * own where known with certainty, otherwise derived from the key (see content-ids.ts).
 */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "geçersiz tarih");

const key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "kebab-case ASCII key");
const tmdbId = z.number().int().positive().max(89_999_999);
/** IMDb's own id, given only where certain: imports from IMDb and Letterboxd match on it. */
const imdbId = z.string().regex(/^tt\d{7,8}$/, "tt ve 7-8 rakam");

const castCreditSchema = z.strictObject({
  person: key,
  character: z.string().default(""),
});

const crewCreditSchema = z.strictObject({
  person: key,
  job: z.enum([
    "Director",
    "Writer",
    "Screenplay",
    "Novel",
    "Story",
    "Producer",
    "Executive Producer",
    "Original Music Composer",
    "Director of Photography",
    "Editor",
  ]),
});

const videoSchema = z.strictObject({
  key: z.string().min(5),
  name: z.string().min(1),
  type: z.enum(["Trailer", "Teaser", "Clip", "Featurette"]),
  site: z.literal("YouTube"),
});

const scores = {
  voteAverage: z.number().min(0).max(10),
  voteCount: z.number().int().min(0),
  popularity: z.number().min(0),
};

export const movieContentSchema = z.strictObject({
  key,
  id: tmdbId.optional(),
  imdbId: imdbId.optional(),
  title: z.string().min(1),
  originalTitle: z.string().min(1),
  originalLanguage: z.string().length(2),
  /** Other names it is known by (English, alternative titles): facts only; imports match on them. */
  otherTitles: z.array(z.string().min(1)).default([]),
  releaseDate: isoDate.nullable(),
  /** The day it opened in Turkish cinemas (Vizyonda), where known for certain. */
  turkishRelease: isoDate.optional(),
  /** Its Turkish age rating (theatrical), where known for certain. */
  ageRating: z.enum(FILM_AGE_RATINGS).optional(),
  runtime: z.number().int().positive().nullable(),
  genres: z.array(z.number().int()).min(1),
  ...scores,
  overview: z.string().min(40),
  cast: z.array(castCreditSchema),
  crew: z.array(crewCreditSchema),
  videos: z.array(videoSchema).default([]),
});

const episodeContentSchema = z.strictObject({
  episodeNumber: z.number().int().positive(),
  name: z.string().min(1),
  airDate: isoDate.nullable(),
  runtime: z.number().int().positive().nullable(),
  overview: z.string().default(""),
  voteAverage: z.number().min(0).max(10).default(0),
  guestStars: z.array(castCreditSchema).default([]),
  crew: z.array(crewCreditSchema).default([]),
});

const seasonContentSchema = z.strictObject({
  seasonNumber: z.number().int().min(0),
  name: z.string().min(1),
  airDate: isoDate.nullable(),
  episodeCount: z.number().int().min(0),
  overview: z.string().default(""),
  voteAverage: z.number().min(0).max(10).default(0),
  episodes: z.array(episodeContentSchema).optional(),
});

export const seriesContentSchema = z.strictObject({
  key,
  id: tmdbId.optional(),
  imdbId: imdbId.optional(),
  name: z.string().min(1),
  originalName: z.string().min(1),
  originalLanguage: z.string().length(2),
  otherTitles: z.array(z.string().min(1)).default([]),
  firstAirDate: isoDate.nullable(),
  lastAirDate: isoDate.nullable().default(null),
  status: z.enum(["Returning Series", "Ended", "Canceled", "In Production"]),
  /** Its Turkish (RTÜK) age rating, where known for certain. */
  ageRating: z.enum(SERIES_AGE_RATINGS).optional(),
  episodeRuntime: z.number().int().positive().nullable().default(null),
  genres: z.array(z.number().int()).min(1),
  ...scores,
  overview: z.string().min(40),
  createdBy: z.array(key),
  cast: z.array(castCreditSchema),
  crew: z.array(crewCreditSchema).default([]),
  seasons: z.array(seasonContentSchema).min(1),
  videos: z.array(videoSchema).default([]),
});

export const personContentSchema = z.strictObject({
  key,
  id: tmdbId.optional(),
  name: z.string().min(1),
  knownForDepartment: z.enum([
    "Acting",
    "Directing",
    "Writing",
    "Production",
    "Sound",
    "Camera",
    "Editing",
  ]),
  gender: z.enum(["female", "male", "other"]).nullable().default(null),
  birthday: isoDate.nullable(),
  deathday: isoDate.nullable().default(null),
  placeOfBirth: z.string().nullable(),
  biography: z.string().default(""),
  popularity: z.number().min(0),
});

const genreContentSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
});

export const genresFileSchema = z.strictObject({
  movie: z.array(genreContentSchema),
  tv: z.array(genreContentSchema),
});

export type MovieContent = z.infer<typeof movieContentSchema>;
export type SeriesContent = z.infer<typeof seriesContentSchema>;
export type PersonContent = z.infer<typeof personContentSchema>;
export type GenresFile = z.infer<typeof genresFileSchema>;
