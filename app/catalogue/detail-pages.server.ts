import { toCards } from "./cards";
import { tolerant, type Catalogue } from "./catalogue.server";
import { episodeHeading, titleHref } from "./display";
import {
  EPISODE_CREW_JOBS,
  filterCrew,
  groupFilmography,
  movieForPage,
  seriesForPage,
} from "./details";

/*
 * Data for the detail pages, in one round of parallel calls each. What link previews and crawlers
 * need (canonical URL, description, schema.org data) is derived from this data in `app/seo/`.
 * Null: not found.
 */

export async function loadMoviePage(catalogue: Catalogue, id: number) {
  // Both come from one upstream request on the live source (cached and coalesced).
  const [movie, recommendations] = await Promise.all([
    catalogue.movie(id),
    catalogue.movieRecommendations(id),
  ]);
  if (!movie) return null;
  return { movie: movieForPage(movie), recommendations: toCards(recommendations) ?? [] };
}

export async function loadSeriesPage(catalogue: Catalogue, id: number) {
  const [series, recommendations] = await Promise.all([
    catalogue.series(id),
    catalogue.seriesRecommendations(id),
  ]);
  if (!series) return null;
  return { series: seriesForPage(series), recommendations: toCards(recommendations) ?? [] };
}

export async function loadSeasonPage(catalogue: Catalogue, seriesId: number, seasonNumber: number) {
  const [series, season] = await Promise.all([
    catalogue.series(seriesId),
    catalogue.season(seriesId, seasonNumber),
  ]);
  if (!season) return null;
  return {
    show: series ? { id: series.id, name: series.name, href: titleHref(series) } : null,
    season,
  };
}

export async function loadEpisodePage(
  catalogue: Catalogue,
  seriesId: number,
  seasonNumber: number,
  episodeNumber: number,
) {
  const [series, season, episode] = await Promise.all([
    catalogue.series(seriesId),
    catalogue.season(seriesId, seasonNumber),
    catalogue.episode(seriesId, seasonNumber, episodeNumber),
  ]);
  if (!episode) return null;
  return {
    show: series ? { id: series.id, name: series.name } : null,
    seasonName: season?.name ?? `${seasonNumber}. Sezon`,
    ...(await neighbours(catalogue, seriesId, seasonNumber, episodeNumber, season?.episodes)),
    episode: { ...episode, crew: filterCrew(episode.crew, EPISODE_CREW_JOBS) },
    heading: episodeHeading(episode.episodeNumber, episode.name),
  };
}

/** An episode next to the one shown: where it is and its name. */
export interface NeighbourEpisode {
  seasonNumber: number;
  episodeNumber: number;
  name: string;
}

/**
 * The episodes before and after one, as the catalogue lists them: within its season, else the
 * last listed episode of the season before or the first of the season after (one more season
 * read, only at a season's edge). Specials (season 0) are never a neighbour of a regular season.
 */
async function neighbours(
  catalogue: Catalogue,
  seriesId: number,
  seasonNumber: number,
  episodeNumber: number,
  episodes: readonly { episodeNumber: number; name: string }[] = [],
): Promise<{ previous: NeighbourEpisode | null; next: NeighbourEpisode | null }> {
  const sorted = [...episodes].sort((a, b) => a.episodeNumber - b.episodeNumber);
  const index = sorted.findIndex((item) => item.episodeNumber === episodeNumber);
  const pick = (season: number, item: { episodeNumber: number; name: string } | undefined) =>
    item ? { seasonNumber: season, episodeNumber: item.episodeNumber, name: item.name } : null;
  const adjacent = async (season: number, edge: "first" | "last") => {
    if (season < 1 || seasonNumber < 1) return null;
    const { value } = await tolerant(catalogue.season(seriesId, season));
    const list = [...(value?.episodes ?? [])].sort((a, b) => a.episodeNumber - b.episodeNumber);
    return pick(season, edge === "first" ? list[0] : list.at(-1));
  };
  const [previous, next] = await Promise.all([
    index > 0 ? pick(seasonNumber, sorted[index - 1]) : adjacent(seasonNumber - 1, "last"),
    index >= 0 && index < sorted.length - 1
      ? pick(seasonNumber, sorted[index + 1])
      : adjacent(seasonNumber + 1, "first"),
  ]);
  return { previous, next };
}

export async function loadPersonPage(catalogue: Catalogue, id: number) {
  const found = await catalogue.person(id);
  if (!found) return null;
  const { movieCredits, tvCredits, ...person } = found;
  return {
    person,
    movies: {
      count: new Set(movieCredits.map((credit) => credit.id)).size,
      groups: groupFilmography(movieCredits),
    },
    series: {
      count: new Set(tvCredits.map((credit) => credit.id)).size,
      groups: groupFilmography(tvCredits),
    },
  };
}

export type MoviePageData = NonNullable<Awaited<ReturnType<typeof loadMoviePage>>>;
export type SeriesPageData = NonNullable<Awaited<ReturnType<typeof loadSeriesPage>>>;
export type SeasonPageData = NonNullable<Awaited<ReturnType<typeof loadSeasonPage>>>;
export type EpisodePageData = NonNullable<Awaited<ReturnType<typeof loadEpisodePage>>>;
export type PersonPageData = NonNullable<Awaited<ReturnType<typeof loadPersonPage>>>;
