import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { reviews } from "~/db/schema";
import { safeReturnTo } from "~/core/form-answer.server";
import { REVIEW_OFFER_PARAM, STATUS_LABELS, WATCHLIST_STATUSES } from "./statuses";
import { setWatchlistStatus, type WatchlistItem } from "./watchlist.server";

const statusSchema = z.enum(WATCHLIST_STATUSES);

async function hasReviewed(db: Database, userId: string, item: WatchlistItem) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(eq(reviews.userId, userId), eq(reviews.itemType, item.type), eq(reviews.itemId, item.id)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The status menu's form: sets İzleyeceğim, İzliyorum or İzledim (adding the item when it is not
 * in the list yet). Marking İzledim something the user has not reviewed offers the review form.
 */
export async function changeWatchlistStatus(
  db: Database,
  userId: string,
  item: WatchlistItem,
  value: FormDataEntryValue | null,
) {
  const parsed = statusSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: "Bir hata oluştu" };
  const status = parsed.data;
  await setWatchlistStatus(db, userId, item, status);
  const offerReview = status === "watched" && !(await hasReviewed(db, userId, item));
  return {
    ok: true,
    message: `Durum: ${STATUS_LABELS[status]}`,
    inList: true,
    status,
    offerReview,
  };
}

/** Where a form posted without JavaScript returns to when the review form is offered. */
export function withReviewOffer(returnTo: FormDataEntryValue | null): string {
  const url = new URL(safeReturnTo(returnTo), "http://site.invalid");
  url.searchParams.set(REVIEW_OFFER_PARAM, "1");
  url.hash = "yorumlar";
  return url.pathname + url.search + url.hash;
}
