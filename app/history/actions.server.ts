import { today } from "~/core/clock.server";
import { paths } from "~/core/paths";
import type { CurrentUser } from "~/accounts/guards.server";
import { forSignedInUser } from "~/accounts/signed-in-form.server";
import { recordTitleFacts } from "~/catalogue/title-facts.server";
import type { TitleRef } from "~/catalogue/types";
import { answer, refusedWith, safeReturnTo, type FormAnswer } from "~/core/form-answer.server";
import { overCatalogueBudget } from "~/library/catalogue-budget.server";
import { NOT_OUT, titleRelease, type Release } from "~/library/item-exists.server";
import { announcePersonChanges } from "~/library/item-changes.server";
import { NO_SUCH_ITEM } from "~/library/library-actions.server";
import type { LibraryServices } from "~/library/library-services.server";
import { rowIdSchema } from "~/library/schemas";
import { addDiaryEntry, deleteDiaryEntry, updateDiaryEntry } from "./diary.server";
import {
  episodeRelease,
  keptEpisodeRelease,
  setEpisodeRating,
  setTitleRating,
  type EpisodeRef,
} from "./ratings.server";
import {
  diaryEntrySchema,
  diaryItemSchema,
  NO_SUCH_ENTRY,
  ratingSchema,
  ratingTargetSchema,
} from "./schemas";

const NO_EPISODE = "Bu bölüm bulunamadı";

/**
 * The refusal for a title that is unknown or (unless `removing` a rating given before this rule)
 * not out yet, or null when it may be rated or logged.
 */
function refusalOf(release: Release, kind: keyof typeof NOT_OUT, removing = false) {
  if (release === "missing") return kind === "episode" ? NO_EPISODE : NO_SUCH_ITEM;
  return release === "unreleased" && !removing ? NOT_OUT[kind] : null;
}

/**
 * Whether a film or series may be rated or logged: the person's catalogue budget, then the
 * catalogue. The refusal, or null.
 */
async function titleRefusal(
  services: LibraryServices,
  userId: string,
  item: TitleRef,
  removing = false,
) {
  const spent = await overCatalogueBudget(services.database.db, userId);
  if (spent) return spent;
  const release = await titleRelease(services.catalogue, item, today());
  return refusalOf(release, item.type, removing);
}

/**
 * Whether an episode may be rated: as the tracking job keeps it (free), else the person's
 * catalogue budget, then the catalogue. The refusal, or null.
 */
async function episodeRefusal(
  services: LibraryServices,
  userId: string,
  episode: EpisodeRef,
  removing: boolean,
) {
  const day = today();
  const kept = await keptEpisodeRelease(services.database.db, episode, day);
  if (kept) return refusalOf(kept, "episode", removing);
  const spent = await overCatalogueBudget(services.database.db, userId);
  if (spent) return spent;
  return refusalOf(await episodeRelease(services.catalogue, episode, day), "episode", removing);
}

/**
 * /puan: Puanım. Rates (intent "rate") or un-rates (intent "remove") a film, a series or an
 * episode for the signed-in person, then tells every copy of the item's pages to go, so Perde
 * puanı shows the change at once (an episode's page is tagged with its series).
 */
export function ratingAction(services: LibraryServices, request: Request) {
  const { db } = services.database;
  return forSignedInUser(services, request, async (user, form) => {
    const target = ratingTargetSchema.safeParse(Object.fromEntries(form));
    if (!target.success)
      return answer(services, form, { ok: false, message: target.error.issues[0]!.message });
    let rating: number | null = null;
    if (form.get("intent") !== "remove") {
      const parsed = ratingSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success)
        return answer(services, form, { ok: false, message: parsed.error.issues[0]!.message });
      rating = parsed.data.rating;
    }
    const message = rating === null ? "Puanınız kaldırıldı" : `Puanınız: ${rating}/10`;
    const value = target.data;
    if (value.itemType === "episode") {
      const episode = { seriesId: value.itemId, season: value.season, episode: value.episode };
      const refusal = await episodeRefusal(services, user.id, episode, rating === null);
      if (refusal) return answer(services, form, { ok: false, message: refusal });
      await setEpisodeRating(db, user.id, episode, rating);
      await services.changes.changed([{ type: "tv", id: episode.seriesId }]);
      return answer(services, form, { ok: true, message });
    }
    const item = { type: value.itemType, id: value.itemId };
    const refusal = await titleRefusal(services, user.id, item, rating === null);
    if (refusal) return answer(services, form, { ok: false, message: refusal });
    await setTitleRating(db, user.id, item, rating);
    await announcePersonChanges(services, user.id, [item]);
    return answer(services, form, { ok: true, message });
  });
}

/** A diary form's answer that failed: the message and what was typed, so nothing is lost. */
export type DiaryAnswer = FormAnswer & { fields?: Record<string, string> };

const DIARY_FIELDS = ["watchedOn", "rating", "review", "rewatch", "spoiler", "tags"] as const;

/**
 * Every diary form (on a title's page: log a watch; on an entry's page: change or delete it)
 * posts to the page it is on. A refusal is answered on that same page with what was typed,
 * with or without JavaScript; a success redirects with a toast (or, with JavaScript, is data
 * for one).
 */
export function diaryAction(services: LibraryServices, request: Request) {
  const { db } = services.database;
  const refused = (form: FormData, message: string) => refusedWith(form, DIARY_FIELDS, message);
  return forSignedInUser(services, request, async (user: CurrentUser, form) => {
    const intent = form.get("intent");
    if (intent === "delete") {
      const entryId = rowIdSchema.safeParse(form.get("entryId"));
      const deleted = entryId.success && (await deleteDiaryEntry(db, user.id, entryId.data));
      if (!deleted) return refused(form, NO_SUCH_ENTRY);
      await announcePersonChanges(services, user.id, []);
      return answer(
        services,
        form,
        { ok: true, message: "Günlük kaydı silindi" },
        safeReturnTo(form.get("returnTo") || paths.diary),
      );
    }
    const entry = diaryEntrySchema(today()).safeParse(Object.fromEntries(form));
    if (!entry.success) return refused(form, entry.error.issues[0]!.message);
    if (intent === "update") {
      const entryId = rowIdSchema.safeParse(form.get("entryId"));
      const item = entryId.success
        ? await updateDiaryEntry(db, user.id, entryId.data, entry.data)
        : null;
      if (!item) return refused(form, NO_SUCH_ENTRY);
      await announcePersonChanges(services, user.id, entry.data.rating !== null ? [item] : []);
      return answer(
        services,
        form,
        { ok: true, message: "Günlük kaydı güncellendi" },
        safeReturnTo(form.get("returnTo") ?? paths.diary),
      );
    }
    const parsedItem = diaryItemSchema.safeParse(Object.fromEntries(form));
    if (!parsedItem.success) return refused(form, NO_SUCH_ITEM);
    const item = { type: parsedItem.data.itemType, id: parsedItem.data.itemId };
    const refusal = await titleRefusal(services, user.id, item);
    if (refusal) return refused(form, refusal);
    // The title's facts first, so the diary page can show it the moment it is written.
    await recordTitleFacts(services, item);
    await addDiaryEntry(db, user.id, item, entry.data);
    await announcePersonChanges(services, user.id, entry.data.rating !== null ? [item] : []);
    return answer(services, form, { ok: true, message: "Günlüğe eklendi" });
  });
}
