import type { ReactNode } from "react";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Star } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { FeedGroup, FeedRow } from "../feed.server";
import { SpoilerText } from "~/ui/spoiler";

const KIND = { movie: "Film", tv: "Dizi" } as const;

const nameOf = (row: FeedRow) =>
  row.title ?? (row.itemType ? `${KIND[row.itemType]} #${row.itemId}` : "");

const titleHref = (row: FeedRow) =>
  row.itemType && row.itemId
    ? paths.title(row.itemType, { id: row.itemId, name: row.title ?? "", date: row.date })
    : "/";

/** "3 film", "2 dizi", "4 yapım": what a group is about. */
function countOf(rows: readonly FeedRow[]) {
  const types = new Set(rows.map((row) => row.itemType));
  const noun = types.size > 1 ? "yapım" : rows[0]?.itemType === "tv" ? "dizi" : "film";
  return `${rows.length} ${noun}`;
}

function headline(group: FeedGroup) {
  const first = group.rows[0]!;
  switch (group.kind) {
    case "watched":
      return group.rows.length > 1
        ? `${countOf(group.rows)} izledi`
        : first.itemType === "tv"
          ? "bir dizi izledi"
          : "bir film izledi";
    case "rated":
      return group.rows.length > 1 ? `${countOf(group.rows)} puanladı` : "puan verdi";
    case "reviewed":
      return "yorum yazdı";
    case "list":
      return "bir listeyi güncelledi";
  }
}

const istanbulDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-CA", { timeZone: "Europe/Istanbul" });

function Rating({ rating }: { rating: number | null }) {
  if (rating === null) return null;
  return (
    <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
      <Star className="size-3.5 fill-yellow-400 text-yellow-400" aria-hidden />
      {rating}
      <span className="sr-only"> / 10 puan</span>
    </span>
  );
}

function GroupItem({
  group,
  likeFor,
  unwatched,
}: {
  group: FeedGroup;
  likeFor?: (row: FeedGroup["rows"][number]) => ReactNode;
  unwatched: ReadonlySet<string>;
}) {
  const first = group.rows[0]!;
  return (
    <li className="space-y-2 p-4" data-feed-group={group.kind}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <Link to={paths.profile(group.username)} className="font-semibold hover:text-primary">
          {group.name}
        </Link>
        <span>{headline(group)}</span>
        <time dateTime={group.at} className="text-xs text-muted-foreground">
          {formatLongDate(istanbulDay(group.at))}
        </time>
      </p>
      {group.kind === "list" ? (
        <Link
          to={paths.list({ id: first.id, name: first.listName ?? "" })}
          className="font-medium hover:text-primary"
        >
          {first.listName}
        </Link>
      ) : (
        <ul className="space-y-1">
          {group.rows.map((row) => (
            <li key={`${row.kind}-${row.id}`} className="space-y-1">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <Link to={titleHref(row)} className="font-medium hover:text-primary">
                  {nameOf(row)}
                </Link>
                <Rating rating={row.rating} />
              </span>
              {row.text && (
                <>
                  <SpoilerText
                    text={row.text}
                    spoiler={row.spoiler}
                    unwatched={unwatched.has(`${row.itemType}-${row.itemId}`)}
                    className="text-sm"
                  />
                  <span className="flex flex-wrap items-center gap-3">
                    {likeFor?.(row)}
                    {row.kind === "reviewed" && (
                      <Link
                        to={`${titleHref(row)}#yorumlar`}
                        className="text-xs hover:text-primary"
                      >
                        Yorumu okuyun
                      </Link>
                    )}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The feed's groups, newest first, and "Daha fazla" (a plain link) when there is more. */
export function FeedList({
  groups,
  nextHref,
  likeFor,
  unwatched = [],
}: {
  groups: readonly FeedGroup[];
  nextHref: string | null;
  /** Titles (`movie-550`) whose reviews the reader folds: they have not watched them. */
  unwatched?: readonly string[];
  /** Beğen for a row with words (on /akis; the home page's section shows none). */
  likeFor?: (row: FeedGroup["rows"][number]) => ReactNode;
}) {
  const folded = new Set(unwatched);
  if (groups.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Takip ettiğiniz kişilerin izledikleri burada görünür. Herkese açık profillerden birini açıp
        “Takip et” düğmesine dokunun.
      </p>
    );
  return (
    <div className="space-y-4">
      <ol className="divide-y rounded-xl border bg-card" data-feed="">
        {groups.map((group) => (
          <GroupItem
            key={`${group.kind}-${group.rows[0]!.id}`}
            group={group}
            likeFor={likeFor}
            unwatched={folded}
          />
        ))}
      </ol>
      {nextHref && (
        <p className="text-center">
          <Link to={nextHref} className="font-medium text-primary hover:underline">
            Daha fazla
          </Link>
        </p>
      )}
    </div>
  );
}
