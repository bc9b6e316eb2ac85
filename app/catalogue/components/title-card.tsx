import { Link } from "~/ui/link";
import type { TitleCard as TitleCardData } from "../cards";
import { formatLongDate, formatRating, yearOf } from "~/core/format";
import { useImageUrl } from "./image-base";
import { Poster } from "./poster";

// A grid shows dozens of cards: their star is one plain element, not an icon component (rendered
// per card on the server) with lucide's longer outline.
const STAR = (
  <svg
    viewBox="0 0 24 24"
    className="size-3 fill-yellow-400 text-yellow-400"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z" />
  </svg>
);

/** The card of a film or series: poster, rating, title and year, linking to its page. */
export function TitleCard({ title, priority }: { title: TitleCardData; priority?: boolean }) {
  const image = useImageUrl();
  const { name, date } = title;
  return (
    <Link
      to={title.href}
      className="group block w-full max-w-[200px] overflow-hidden rounded-lg bg-card shadow-sm ring-1 ring-border transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <div className="relative">
        <Poster src={image("w200", title.posterPath)} alt={name} priority={priority} />
        <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white">
          {STAR}
          {formatRating(title.voteAverage)}
        </span>
      </div>
      <div className="space-y-0.5 p-2.5">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold group-hover:text-primary">
          {name}
        </h3>
        {title.releaseDay ? (
          <p className="text-xs text-muted-foreground">
            <time dateTime={title.releaseDay}>{formatLongDate(title.releaseDay)}</time>
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{yearOf(date)}</p>
        )}
      </div>
    </Link>
  );
}
