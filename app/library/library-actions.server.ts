import { data } from "react-router";
import { getOptionalUser } from "~/accounts/guards.server";
import type { AppServices } from "~/services.server";
import { redirectWithToast } from "~/shell/flash.server";
import type { WatchlistStatus } from "./statuses";
import { createReview, deleteReview, updateReview } from "./reviews.server";
import { reviewItemSchema, reviewSchema, safeReturnTo, watchlistItemSchema } from "./schemas";
import { ratedItemOfForm, refreshSiteRating } from "./site-ratings.server";
import { changeWatchlistStatus, withReviewOffer } from "./watchlist-status.server";
import { addToWatchlist, removeFromWatchlist, removeWatchlistRow } from "./watchlist.server";

/*
 * Watchlist and review forms. The owner is always the session's user, never a form field.
 * With JavaScript (a fetcher sends js=1) the answer is data for a toast; without, a redirect
 * back with the toast in a cookie. Failures never become a 500.
 */

export interface LibraryAnswer {
  ok: boolean;
  message: string;
  inList?: boolean;
  /** The entry's status after a status change. */
  status?: WatchlistStatus;
  /** Marked İzledim without a review of it: the page offers the review form. */
  offerReview?: boolean;
  at: number;
}

function answer(form: FormData, result: Omit<LibraryAnswer, "at">) {
  if (form.get("js") === "1")
    return data({ ...result, at: Date.now() }, { status: result.ok ? 200 : 400 });
  return redirectWithToast(
    safeReturnTo(form.get("returnTo")),
    result.ok ? "success" : "error",
    result.message,
  );
}

async function signedIn(services: AppServices, request: Request) {
  return getOptionalUser(request, services);
}

const mustSignIn = () => redirectWithToast("/auth", "error", "Lütfen giriş yapın");

export async function watchlistAction(services: AppServices, request: Request) {
  const form = await request.formData();
  const user = await signedIn(services, request);
  if (!user) return mustSignIn();
  const db = services.database.db;
  const intent = form.get("intent");
  try {
    if (intent === "remove-row") {
      const removed = await removeWatchlistRow(db, user.id, Number(form.get("rowId")));
      return answer(
        form,
        removed
          ? { ok: true, message: "Listeden kaldırıldı" }
          : { ok: false, message: "Kaldırılırken hata oluştu" },
      );
    }
    const parsed = watchlistItemSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return answer(form, { ok: false, message: "Bir hata oluştu" });
    const item = { type: parsed.data.itemType, id: parsed.data.itemId };
    if (intent === "status") {
      const changed = await changeWatchlistStatus(db, user.id, item, form.get("status"));
      if (changed.offerReview) form.set("returnTo", withReviewOffer(form.get("returnTo")));
      return answer(form, changed);
    }
    if (intent === "remove") {
      await removeFromWatchlist(db, user.id, item);
      return answer(form, { ok: true, message: "Listeden kaldırıldı", inList: false });
    }
    await addToWatchlist(db, user.id, item);
    return answer(form, { ok: true, message: "Listenize eklendi", inList: true });
  } catch (error) {
    services.logger.error({ err: error }, "watchlist change failed");
    return answer(form, {
      ok: false,
      message: intent === "remove-row" ? "Kaldırılırken hata oluştu" : "Bir hata oluştu",
    });
  }
}

export async function reviewAction(services: AppServices, request: Request) {
  const form = await request.formData();
  const user = await signedIn(services, request);
  if (!user) return mustSignIn();
  const db = services.database.db;
  const intent = form.get("intent");
  const ratedItem = await ratedItemOfForm(db, user.id, form).catch(() => null);
  try {
    if (intent === "delete") {
      const deleted = await deleteReview(db, user.id, Number(form.get("reviewId")));
      return answer(
        form,
        deleted
          ? { ok: true, message: "Yorumunuz silindi" }
          : { ok: false, message: "Bir hata oluştu" },
      );
    }
    const parsed = reviewSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return answer(form, { ok: false, message: parsed.error.issues[0]!.message });
    if (intent === "update") {
      const updated = await updateReview(db, user.id, Number(form.get("reviewId")), parsed.data);
      return answer(
        form,
        updated
          ? { ok: true, message: "Yorumunuz güncellendi" }
          : { ok: false, message: "Bir hata oluştu" },
      );
    }
    const item = reviewItemSchema.safeParse(Object.fromEntries(form));
    if (!item.success) return answer(form, { ok: false, message: "Bir hata oluştu" });
    await createReview(
      db,
      user.id,
      { type: item.data.itemType, id: item.data.itemId },
      parsed.data,
    );
    return answer(form, { ok: true, message: "Yorumunuz eklendi" });
  } catch (error) {
    services.logger.error({ err: error }, "review change failed");
    return answer(form, { ok: false, message: "Bir hata oluştu" });
  } finally {
    if (ratedItem) await refreshSiteRating(db, services.logger, ratedItem);
  }
}
