import type { MediaType, TitleRef } from "~/catalogue/types";
import type { Database } from "~/db/client.server";
import type { ImportRowFields, ImportRowKind } from "~/db/import-schema";
import { addToWatchlist, setWatchlistStatus, startWatching } from "~/library/watchlist.server";
import { upsertDiaryEntry } from "../diary.server";
import { REVIEW_LENGTH } from "../schemas";
import { setTitleRating, setTitleReviewText } from "../ratings.server";

/*
 * What an imported row writes, through the same functions the site's own forms use (the
 * watchlist, Puanım, the diary), inside the batch's transaction. Each is an upsert keyed by the
 * row's identity (the person and the title; a diary entry's import key), so a row written twice,
 * a file imported twice or a job resumed after a restart leaves the same rows. A newer file
 * updates what it says.
 */

export interface WrittenItem {
  mediaType: MediaType;
  id: number;
}

/**
 * Writes one matched row; answers a note for the report when part of it could not be kept (a
 * review too short or too long for the site's rules is kept as a rating alone). `db` is the
 * batch's transaction.
 */
export async function writeRow(
  db: Database,
  userId: string,
  kind: ImportRowKind,
  fields: ImportRowFields,
  written: WrittenItem,
): Promise<string | null> {
  const item: TitleRef = { type: written.mediaType, id: written.id };
  // Every row but a list's says the person watched the title; İzledim is never taken back.
  const watched = () => setWatchlistStatus(db, userId, item, "watched");
  switch (kind) {
    case "watchlist":
    case "imdb-list":
      await addToWatchlist(db, userId, item);
      return null;
    case "watched":
      await watched();
      return null;
    case "rating":
    case "imdb-rating":
      if (fields.rating !== undefined) await setTitleRating(db, userId, item, fields.rating);
      await watched();
      return null;
    case "diary":
      // diary.csv says the watch's rating, rewatch mark and tags; the words are reviews.csv's.
      await upsertDiaryEntry(
        db,
        userId,
        item,
        {
          watchedOn: fields.watchedOn!,
          rating: fields.rating ?? null,
          rewatch: fields.rewatch ?? false,
          tags: fields.tags ?? [],
        },
        fields.diaryKey!,
      );
      await watched();
      return null;
    case "series-status":
      // İzliyorum adds or moves up from İzleyeceğim (never down from İzledim); İzleyeceğim only
      // adds. A favourite is offered on the report, never set here.
      if (fields.status === "watching") await startWatching(db, userId, item);
      else if (fields.status === "plan_to_watch") await addToWatchlist(db, userId, item);
      return null;
    case "episode":
      // Episode rows are written in bulk by episodes.server.ts.
      throw new Error("episode rows are written by writeEpisodeRows");
    case "review": {
      const text = fields.review ?? "";
      const fits = text.length >= REVIEW_LENGTH.min && text.length <= REVIEW_LENGTH.max;
      // reviews.csv adds the words (and the rating, when it has one) to the same watch; its
      // rewatch mark and tags are diary.csv's to say.
      await upsertDiaryEntry(
        db,
        userId,
        item,
        {
          watchedOn: fields.watchedOn!,
          rating: fields.rating,
          review: fits ? text : undefined,
        },
        fields.diaryKey!,
      );
      if (fits) await setTitleReviewText(db, userId, item, text);
      await watched();
      if (fits || text === "") return null;
      return text.length < REVIEW_LENGTH.min
        ? "Yorum 10 karakterden kısa: yalnızca puan ve tarih kaydedildi."
        : "Yorum 1000 karakterden uzun: yalnızca puan ve tarih kaydedildi.";
    }
  }
}
