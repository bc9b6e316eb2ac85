import { Star } from "lucide-react";
import { formatLongDate } from "~/catalogue/format";
import type { ReviewView } from "../reviews.server";

/** The first letter of a name, Turkish-aware ('U' when there is none). */
export function initialOf(name: string | null | undefined, fallback = "U"): string {
  const first = name?.trim()[0];
  return first ? first.toLocaleUpperCase("tr-TR") : fallback;
}

export function ReviewCard({ review }: { review: ReviewView }) {
  const name = review.reviewerName?.trim() || "Anonim";
  return (
    <article className="flex gap-3 rounded-xl border bg-card p-4">
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/20 font-bold text-primary"
      >
        {initialOf(review.reviewerName)}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold">{name}</h3>
          {review.rating !== null && (
            <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Star className="size-3.5 fill-yellow-400 text-yellow-400" aria-hidden />
              {review.rating}/10
            </span>
          )}
          <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
            {formatLongDate(review.createdAt.slice(0, 10))}
          </time>
        </header>
        {/* Text only: React escapes it, so markup in a comment is shown, never run. */}
        <p className="text-sm leading-relaxed break-words whitespace-pre-line">{review.comment}</p>
      </div>
    </article>
  );
}

/** 'Yorumlar' on film, series and person pages. */
export function ReviewsSection({
  reviews,
  children,
}: {
  reviews: ReviewView[];
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="yorumlar" className="space-y-4">
      <h2 id="yorumlar" className="text-2xl font-bold">
        Yorumlar
      </h2>
      {children}
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          Henüz yorum yapılmamış. İlk yorumu siz yapın!
        </p>
      ) : (
        <div className="space-y-3">
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </div>
      )}
    </section>
  );
}
