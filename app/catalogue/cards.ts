import { displayDate, displayName, titleHref } from "./display";
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
  /** A day (YYYY-MM-DD) the card shows instead of the year: Vizyonda's Turkish opening day. */
  releaseDay?: string;
};

// Catalogue answers are shared between requests (memoized or cached), so a card, slug included,
// is computed once per answer.
const cards = new WeakMap<TitleSummary, TitleCard>();

function toCard(title: TitleSummary): TitleCard {
  let card = cards.get(title);
  if (!card) {
    card = {
      mediaType: title.mediaType,
      id: title.id,
      name: displayName(title),
      date: displayDate(title),
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
