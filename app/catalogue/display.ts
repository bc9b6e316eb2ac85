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
