/*
 * Turkish age ratings (issue #26): films carry the ratings of the Ministry of Culture's
 * evaluation board as the movie database writes them (release_dates, TR, theatrical), series
 * RTÜK's symbols (content_ratings, TR). Only Turkish ratings are ever shown: a title without one
 * has no badge, never another country's.
 */

export const FILM_AGE_RATINGS = [
  "Genel İzleyici Kitlesi",
  "6+",
  "6A",
  "7+",
  "7A",
  "10+",
  "10A",
  "13+",
  "13A",
  "15+",
  "15A",
  "16+",
  "18+",
] as const;

export const SERIES_AGE_RATINGS = ["Genel İzleyici", "7+", "13+", "18+"] as const;

export type AgeRating = (typeof FILM_AGE_RATINGS)[number] | (typeof SERIES_AGE_RATINGS)[number];

const KNOWN: ReadonlySet<string> = new Set([...FILM_AGE_RATINGS, ...SERIES_AGE_RATINGS]);

/** The rating as the site shows it, or null for anything that is not a Turkish rating. */
export function turkishAgeRating(value: string | null | undefined): AgeRating | null {
  const trimmed = value?.trim() ?? "";
  return KNOWN.has(trimmed) ? (trimmed as AgeRating) : null;
}

/** "Aile dostu": rated for general audiences or for children of seven and younger. */
export const FAMILY_FRIENDLY_RATINGS: readonly AgeRating[] = [
  "Genel İzleyici Kitlesi",
  "Genel İzleyici",
  "6+",
  "6A",
  "7+",
  "7A",
];

const FILM_RATINGS: ReadonlySet<string> = new Set(FILM_AGE_RATINGS);
const SERIES_RATINGS: ReadonlySet<string> = new Set(SERIES_AGE_RATINGS);

/** The family ratings of one kind: films and series use different scales. */
export function familyRatingsOf(mediaType: "movie" | "tv"): AgeRating[] {
  const scale = mediaType === "movie" ? FILM_RATINGS : SERIES_RATINGS;
  return FAMILY_FRIENDLY_RATINGS.filter((rating) => scale.has(rating));
}

/**
 * What a rating means, for screen readers and the badge's tooltip: "13 yaş ve üzeri için
 * uygundur". An "A" rating lets younger children watch with their family.
 */
export function ageRatingExplanation(rating: AgeRating): string {
  if (rating.startsWith("Genel")) return "Genel izleyici kitlesi için uygundur";
  const age = Number.parseInt(rating, 10);
  return rating.endsWith("A")
    ? `${age} yaş ve üzeri için uygundur; daha küçükler ailesiyle izleyebilir`
    : `${age} yaş ve üzeri için uygundur`;
}
