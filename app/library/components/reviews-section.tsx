import { Pencil, Star, Trash2 } from "~/ui/icons";
import { useState, type ReactNode } from "react";
import { useLocation, useSearchParams } from "react-router";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Link } from "~/ui/link";
import { initialLetter } from "~/ui/initial";
import { useHydrated } from "~/ui/use-hydrated";
import { SpoilerText } from "~/ui/spoiler";
import type { ReviewView } from "../reviews.server";
import { REVIEW_OFFER_PARAM } from "../statuses";
import { ReviewForm } from "./review-form";
import { useLibraryFetcher } from "./use-library-fetcher";

function DeleteButton({ reviewId }: { reviewId: number }) {
  const fetcher = useLibraryFetcher(`review-delete-${reviewId}`);
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action="/yorum">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-label="Sil"
        disabled={fetcher.state !== "idle"}
        className="rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-danger"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </fetcher.Form>
  );
}

function ReviewCard({
  review,
  actions,
  social,
  unwatched = false,
}: {
  review: ReviewView;
  actions?: ReactNode;
  social?: ReactNode;
  /** Folded: the reader asked to fold reviews of titles they have not watched. */
  unwatched?: boolean;
}) {
  const name = review.reviewerName?.trim() || "Anonim";
  return (
    <article className="flex gap-3 rounded-xl border bg-card p-4" aria-label={`${name} yorumu`}>
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/20 font-bold text-primary"
      >
        {initialLetter(review.reviewerName, "U")}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold">
            {review.reviewerUsername ? (
              <Link to={paths.profile(review.reviewerUsername)} className="hover:text-primary">
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          {review.rating !== null && (
            <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Star className="size-3.5 fill-yellow-400 text-yellow-400" aria-hidden />
              {review.rating}/10
            </span>
          )}
          <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
            {formatLongDate(review.createdAt.slice(0, 10))}
          </time>
          {actions && <div className="ml-auto flex gap-1">{actions}</div>}
        </header>
        {/* Text only: React escapes it, so markup in a comment is shown, never run. */}
        <SpoilerText
          text={review.comment}
          spoiler={review.spoiler}
          unwatched={unwatched}
          className="text-sm leading-relaxed break-words whitespace-pre-line"
        />
        {social && <div className="border-t pt-3">{social}</div>}
      </div>
    </article>
  );
}

function OwnReview({
  review,
  item,
  myRating,
  social,
}: {
  review: ReviewView;
  item: { type: "movie" | "tv" | "person"; id: number };
  myRating: number | null;
  social?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <ReviewForm
        item={item}
        editing={review}
        initialRating={item.type === "person" ? null : myRating}
        onDone={() => setEditing(false)}
      />
    );
  return (
    <ReviewCard
      review={review}
      social={social}
      actions={
        <>
          <button
            type="button"
            aria-label="Düzenle"
            onClick={() => setEditing(true)}
            className="rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <Pencil className="size-4" aria-hidden />
          </button>
          <DeleteButton reviewId={review.id} />
        </>
      }
    />
  );
}

/** 'Yorumlar' on film, series and person pages: the form (or the visitor's own review) and the list. */
export function ReviewsSection({
  reviews,
  item,
  myRating = null,
  social,
  foldUnwatched = false,
}: {
  reviews: ReviewView[];
  /** The reader folds reviews of titles they have not watched, and has not watched this one. */
  foldUnwatched?: boolean;
  /** What goes under each review: its likes and comments (issue #38, app/social). */
  social?: (review: ReviewView) => ReactNode;
  item: { type: "movie" | "tv" | "person"; id: number };
  /** Puanım given without words: a new review starts with it, so writing keeps the rating. */
  myRating?: number | null;
}) {
  const own = reviews.find((review) => review.own);
  const others = reviews.filter((review) => !review.own);
  // Set after marking the title İzledim without a review (watchlist-status.server.ts).
  const [searchParams] = useSearchParams();
  const offerReview = !own && searchParams.has(REVIEW_OFFER_PARAM);
  return (
    <section aria-labelledby="yorumlar" className="space-y-4">
      <h2 id="yorumlar" className="text-2xl font-bold">
        Yorumlar
      </h2>
      {offerReview && (
        <p role="status" className="rounded-lg bg-primary/10 px-4 py-3 font-medium text-primary">
          İzlediniz! Puan vermek ister misiniz?
        </p>
      )}
      {own ? (
        <OwnReview
          key={own.id}
          review={own}
          item={item}
          myRating={myRating}
          social={social?.(own)}
        />
      ) : (
        <ReviewForm item={item} initialRating={myRating} />
      )}
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          Henüz yorum yapılmamış. İlk yorumu siz yapın!
        </p>
      ) : (
        <div className="space-y-3">
          {others.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              social={social?.(review)}
              unwatched={foldUnwatched}
            />
          ))}
        </div>
      )}
    </section>
  );
}
