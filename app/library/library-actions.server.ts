import { forSignedInUser, FORM_FAILED as FAILED } from "~/accounts/signed-in-form.server";
import type { CurrentUser } from "~/accounts/guards.server";
import { answer, type FormAnswer } from "~/core/form-answer.server";
import type { LibraryServices } from "./library-services.server";
import { overCatalogueBudget } from "./catalogue-budget.server";
import { itemExists, NOT_OUT, titleRelease } from "./item-exists.server";
import { today } from "~/core/clock.server";
import { announcePersonChanges } from "./item-changes.server";
import { deleteReview, saveReview, updateReview } from "./reviews.server";
import { reviewItemSchema, reviewSchema, rowIdSchema, watchlistItemSchema } from "./schemas";
import { ratedItemOfForm } from "./site-ratings.server";
import type { WatchlistStatus } from "./statuses";
import { changeWatchlistStatus, withReviewOffer } from "./watchlist-status.server";
import { addToWatchlist, removeFromWatchlist, removeWatchlistRow } from "./watchlist.server";
import { recordMissingTitleFacts } from "~/catalogue/title-facts.server";
import type { TitleRef } from "~/catalogue/types";

/*
 * Watchlist and review forms, run by forSignedInUser (the owner is always the session's user)
 * and answered by `answer` (data for a fetcher's toast, else a redirect back with the toast in a
 * cookie). Every answer says what really happened, and none is ever a 500.
 */

export interface LibraryAnswer extends FormAnswer {
  inList?: boolean;
  /** The entry's status after a status change. */
  status?: WatchlistStatus;
  /** Marked İzledim without a review of it: the page offers the review form. */
  offerReview?: boolean;
}

export const NO_SUCH_ITEM = "Bu içerik bulunamadı";

/** A form the browser could not have sent: one warning line, not an error with a stack. */
function refuse(services: LibraryServices, form: FormData, what: string, message = FAILED) {
  services.logger.warn({ form: what }, "malformed library form");
  return answer(services, form, { ok: false, message });
}

/** What the layers above the library do when a change happens (the routes wire them). */
export interface WatchlistHooks {
  /**
   * The person now follows this item: it was added, or its status became İzliyorum or
   * İzleyeceğim. A failure here is logged and does not fail the change.
   */
  following?(item: TitleRef): Promise<void>;
}

export function watchlistAction(
  services: LibraryServices,
  request: Request,
  hooks: WatchlistHooks = {},
) {
  const db = services.database.db;
  const follow = async (item: TitleRef) => {
    try {
      await hooks.following?.(item);
    } catch (error) {
      services.logger.warn({ err: String(error), item }, "following hook failed");
    }
  };
  return forSignedInUser(
    services,
    request,
    async (user, form) => {
      const intent = form.get("intent");
      if (intent === "remove-row") {
        const rowId = rowIdSchema.safeParse(form.get("rowId"));
        if (!rowId.success) return refuse(services, form, "rowId", "Kaldırılırken hata oluştu");
        const removed = await removeWatchlistRow(db, user.id, rowId.data);
        return answer(
          services,
          form,
          removed
            ? { ok: true, message: "Listeden kaldırıldı" }
            : { ok: false, message: "Kaldırılırken hata oluştu" },
        );
      }
      const parsed = watchlistItemSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return refuse(services, form, "watchlist item");
      const item = { type: parsed.data.itemType, id: parsed.data.itemId };
      if (intent === "remove") {
        await removeFromWatchlist(db, user.id, item);
        return answer(services, form, { ok: true, message: "Listeden kaldırıldı", inList: false });
      }
      const spent = await overCatalogueBudget(db, user.id);
      if (spent) return answer(services, form, { ok: false, message: spent });
      if (!(await itemExists(services.catalogue, item)))
        return refuse(services, form, "unknown watchlist item", NO_SUCH_ITEM);
      if (intent === "status") {
        const changed = await changeWatchlistStatus(db, user.id, item, form.get("status"));
        if (changed.ok && changed.status !== "watched") await follow(item);
        if (changed.offerReview) form.set("returnTo", withReviewOffer(form.get("returnTo")));
        return answer(services, form, changed);
      }
      await addToWatchlist(db, user.id, item);
      await follow(item);
      return answer(services, form, { ok: true, message: "Listenize eklendi", inList: true });
    },
    (form) => (form.get("intent") === "remove-row" ? "Kaldırılırken hata oluştu" : FAILED),
  );
}

/**
 * Completes a watchlist "add" asked for before signing in: the title is added (when the
 * catalogue knows it) and followed; the toast's words, or null when nothing was added.
 */
export async function completePendingAdd(
  services: LibraryServices,
  userId: string,
  item: TitleRef,
  hooks: WatchlistHooks = {},
): Promise<string | null> {
  if (!(await itemExists(services.catalogue, item))) return null;
  await addToWatchlist(services.database.db, userId, item);
  try {
    await hooks.following?.(item);
  } catch (error) {
    services.logger.warn({ err: String(error), item }, "following hook failed");
  }
  return "Listenize eklendi";
}

export function reviewAction(services: LibraryServices, request: Request) {
  const db = services.database.db;
  return forSignedInUser(services, request, async (user, form) => {
    // The item whose "Perde puanı" the change moves, read before a delete removes it.
    const rated = await ratedItemOfForm(db, user.id, form);
    try {
      return await changeReview(user, form);
    } finally {
      // Every instance drops its copies of the item's pages, reviews and rating.
      // The reviewer's public profile shows their latest ratings.
      if (rated) await announcePersonChanges(services, user.id, [rated]);
    }
  });

  async function changeReview(user: CurrentUser, form: FormData) {
    const intent = form.get("intent");
    if (intent === "delete") {
      const reviewId = rowIdSchema.safeParse(form.get("reviewId"));
      if (!reviewId.success) return refuse(services, form, "reviewId");
      const deleted = await deleteReview(db, user.id, reviewId.data);
      return answer(
        services,
        form,
        deleted ? { ok: true, message: "Yorumunuz silindi" } : { ok: false, message: FAILED },
      );
    }
    const parsed = reviewSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return answer(services, form, { ok: false, message: parsed.error.issues[0]!.message });
    if (intent === "update") {
      const reviewId = rowIdSchema.safeParse(form.get("reviewId"));
      if (!reviewId.success) return refuse(services, form, "reviewId");
      const updated = await updateReview(db, user.id, reviewId.data, parsed.data);
      return answer(
        services,
        form,
        updated ? { ok: true, message: "Yorumunuz güncellendi" } : { ok: false, message: FAILED },
      );
    }
    const item = reviewItemSchema.safeParse(Object.fromEntries(form));
    if (!item.success) return refuse(services, form, "review item");
    const target = { type: item.data.itemType, id: item.data.itemId };
    const spent = await overCatalogueBudget(db, user.id);
    if (spent) return answer(services, form, { ok: false, message: spent });
    if (target.type === "person") {
      if (!(await itemExists(services.catalogue, target)))
        return refuse(services, form, "unknown review item", NO_SUCH_ITEM);
    } else {
      const title = { type: target.type, id: target.id };
      const release = await titleRelease(services.catalogue, title, today());
      if (release === "missing") return refuse(services, form, "unknown review item", NO_SUCH_ITEM);
      // Words about a film still to come are welcome; a rating of it is not (Perde puanı).
      if (release === "unreleased" && parsed.data.rating !== null)
        return answer(services, form, { ok: false, message: NOT_OUT[title.type] });
    }
    // One review per person and title: a second one replaces the first, and says so.
    const saved = await saveReview(db, user.id, target, parsed.data);
    // The title's facts kept, so Beğenenler, the feed and the social notifications name it.
    if (target.type !== "person")
      await recordMissingTitleFacts(services, [{ type: target.type, id: target.id }]).catch(
        (error: unknown) => services.logger.warn({ err: error, target }, "title facts not kept"),
      );
    return answer(services, form, {
      ok: true,
      message: saved === "created" ? "Yorumunuz eklendi" : "Yorumunuz güncellendi",
    });
  }
}
