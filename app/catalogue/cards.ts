import { titleSlug } from "./slug";
import type { TitleSummary } from "./types";

/** What a title card shows, and nothing else: this travels in every grid page's loader data. */
export type TitleCard = {
  mediaType: TitleSummary["mediaType"];
  id: number;
  name: string;
  date: string | null;
  posterPath: string | null;
  voteAverage: number;
  href: string;
};

/** The page of a film or series: `/film/{slug}` or `/dizi/{slug}`. */
export function titleHref(title: TitleSummary): string {
  return title.mediaType === "movie"
    ? `/film/${titleSlug(title.title, title.id, title.releaseDate)}`
    : `/dizi/${titleSlug(title.name, title.id, title.firstAirDate)}`;
}

// Catalogue answers are shared between requests (memoized or cached), so a card, slug included,
// is computed once per answer.
const cards = new WeakMap<TitleSummary, TitleCard>();

function toCard(title: TitleSummary): TitleCard {
  let card = cards.get(title);
  if (!card) {
    card = {
      mediaType: title.mediaType,
      id: title.id,
      name: title.mediaType === "movie" ? title.title : title.name,
      date: title.mediaType === "movie" ? title.releaseDate : title.firstAirDate,
      posterPath: title.posterPath,
      voteAverage: title.voteAverage,
      href: titleHref(title),
    };
    cards.set(title, card);
  }
  return card;
}

export const toCards = (titles: TitleSummary[] | undefined | null) =>
  titles ? titles.map(toCard) : null;
