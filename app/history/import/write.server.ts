import type { MediaType, TitleRef } from "~/catalogue/types";
import type { Database } from "~/db/client.server";
import { eq, sql } from "drizzle-orm";
import {
  imports,
  type ImportedList,
  type ImportReport,
  type ImportRowFields,
  type ImportRowKind,
} from "~/db/import-schema";
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
 * How an import puts a title on one of the person's lists (app/lists/imported-lists.server.ts,
 * given by the services: the layers keep history below lists). `before`: how many items of the
 * same list this import wrote that come before it in the file; undefined puts it at the end.
 */
export interface ImportListWriter {
  putImportedItem(
    db: Database,
    userId: string,
    list: ImportedList,
    item: TitleRef,
    note: string | null,
    before?: number,
  ): Promise<"added" | "already" | "list-limit" | "item-limit">;
}

/** What a row's write needs besides the row: its import, and the list writer. */
export interface WriteContext {
  importId: number;
  lists: ImportListWriter;
  /** For a list item chosen on the review screen: its place among the items already written. */
  before?: number;
}

const LIST_LIMIT_NOTE =
  "Liste oluşturulamadı: en fazla 100 listeniz olabilir. Bu satır listeye eklenmedi.";
const ITEM_LIMIT_NOTE = "Liste dolu (en fazla 1.000 yapım): bu satır listeye eklenmedi.";

/** A favourite film of Letterboxd's profile.csv, kept with the import for the person to answer. */
async function offerFavorite(
  db: Database,
  importId: number,
  movieId: number,
  fields: ImportRowFields,
) {
  const position = fields.position ?? 1;
  const [current] = await db
    .select({ report: imports.report })
    .from(imports)
    .where(eq(imports.id, importId))
    .for("update");
  if (!current) return;
  const report: ImportReport = current.report;
  const candidates = (report.favorites?.candidates ?? []).filter(
    (candidate) => candidate.movieId !== movieId && candidate.position !== position,
  );
  candidates.push({ movieId, position, title: fields.title, year: fields.year });
  candidates.sort((a, b) => a.position - b.position);
  await db
    .update(imports)
    .set({
      report: sql`jsonb_set(${imports.report}, '{favorites}', ${JSON.stringify({
        candidates,
      })}::jsonb)`,
    })
    .where(eq(imports.id, importId));
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
  context: WriteContext,
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
      // A rated series moves as decision 029 says (setTitleRating): a followed one stays
      // İzliyorum. A film is İzledim.
      if (item.type === "movie") await watched();
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
      // The diary entry made a film İzledim already (recordWatched); a series becomes İzledim.
      if (item.type !== "movie") await watched();
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
      if (item.type !== "movie") await watched();
      if (fits || text === "") return null;
      return text.length < REVIEW_LENGTH.min
        ? "Yorum 10 karakterden kısa: yalnızca puan ve tarih kaydedildi."
        : "Yorum 1000 karakterden uzun: yalnızca puan ve tarih kaydedildi.";
    }
    case "comment": {
      // A comment about a title (Trakt's comments) is the person's review of it; it says they
      // watched it too.
      const text = (fields.review ?? "").trim();
      const fits = text.length >= REVIEW_LENGTH.min && text.length <= REVIEW_LENGTH.max;
      if (fits) await setTitleReviewText(db, userId, item, text);
      if (item.type === "movie") await watched();
      if (fits) return null;
      return text.length < REVIEW_LENGTH.min
        ? "Yorum 10 karakterden kısa: yazılmadı."
        : "Yorum 1000 karakterden uzun: yazılmadı.";
    }
    case "list-item": {
      const outcome = await context.lists.putImportedItem(
        db,
        userId,
        fields.list!,
        item,
        fields.note ?? null,
        context.before,
      );
      if (outcome === "list-limit") return LIST_LIMIT_NOTE;
      if (outcome === "item-limit") return ITEM_LIMIT_NOTE;
      return null;
    }
    case "favorite":
      // Never written on its own: the import's page asks (decision 038).
      if (written.mediaType === "movie")
        await offerFavorite(db, context.importId, written.id, fields);
      return null;
  }
}
