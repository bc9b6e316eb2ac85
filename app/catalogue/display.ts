import { paths } from "~/core/paths";
import type { PersonSummary, TitleSummary } from "./types";

/*
 * Films have a title and a release date, series a name and a first-air date: these give either
 * the one name and the one date that pages, cards and URLs show.
 */

export const displayName = (title: TitleSummary | PersonSummary): string =>
  title.mediaType === "movie" ? title.title : title.name;

export const displayDate = (title: TitleSummary): string | null =>
  title.mediaType === "movie" ? title.releaseDate : title.firstAirDate;

/** The page of a film or series: `/film/{slug}` or `/dizi/{slug}`. */
export const titleHref = (title: TitleSummary): string =>
  paths.title(title.mediaType, {
    id: title.id,
    name: displayName(title),
    date: displayDate(title),
  });

/** A name a catalogue gives an episode that has none of its own: "Bölüm 3", "Episode 3". */
const PLACEHOLDER_EPISODE_NAME = /^\s*(bölüm|episode)\s*\d+\s*$/iu;

/** The episode's own name, or null when it has none ("" or a placeholder such as "Bölüm 1"). */
export function ownEpisodeName(name: string | null | undefined): string | null {
  return name && !PLACEHOLDER_EPISODE_NAME.test(name) ? name.trim() : null;
}

/** The episode page's title: "1. Bölüm: Pilot", or "1. Bölüm" alone when it has no name. */
export function episodeHeading(episodeNumber: number, name: string | null | undefined): string {
  const own = ownEpisodeName(name);
  return own ? `${episodeNumber}. Bölüm: ${own}` : `${episodeNumber}. Bölüm`;
}

/** A season page's row: "1. Pilot", or "1. Bölüm" when the episode has no name. */
export function episodeListTitle(episodeNumber: number, name: string | null | undefined): string {
  const own = ownEpisodeName(name);
  return own ? `${episodeNumber}. ${own}` : `${episodeNumber}. Bölüm`;
}
