import { formatCount, formatRating } from "~/core/format";
import type { SiteRating } from "../site-ratings.server";

/**
 * "Perde puanı 8.4/10 · 37 oy": our own users' average, beside the movie database's rating, with
 * a small 1-10 distribution drawn as CSS bars; screen readers get each bar as text. Nothing when
 * nobody has rated the item yet.
 */
export function SiteRatingSummary({ rating }: { rating: SiteRating | null }) {
  if (!rating || rating.count === 0) return null;
  const highest = Math.max(...rating.distribution, 1);
  return (
    <div
      className="inline-flex flex-wrap items-end gap-4 rounded-xl border bg-background/60 px-4 py-3"
      aria-label="Perde puanı"
      role="group"
    >
      <p className="text-sm text-muted-foreground">
        <span className="block text-xs font-semibold tracking-wide text-primary uppercase">
          Perde puanı
        </span>
        <strong className="text-2xl text-foreground">{formatRating(rating.average)}</strong>
        <span>/10</span> <span aria-hidden>·</span> {formatCount(rating.count)} oy
      </p>
      <ul aria-label="Puan dağılımı" className="flex h-12 items-end gap-1">
        {rating.distribution.map((votes, index) => (
          <li key={index} className="flex h-full w-3 flex-col items-center justify-end gap-0.5">
            <span className="sr-only">
              {index + 1} puan: {formatCount(votes)} oy
            </span>
            <span
              aria-hidden
              className="w-full rounded-sm bg-primary/80"
              style={{
                height: `${votes === 0 ? 2 : Math.max(8, (votes / highest) * 100) * 0.75}%`,
              }}
            />
            <span aria-hidden className="text-[9px] leading-none text-muted-foreground">
              {index + 1}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
