import type { ReactNode } from "react";
import { useImageUrl } from "~/catalogue/components/image-base";
import { Poster } from "~/catalogue/components/poster";
import { formatCount, formatLongDate, yearOf } from "~/core/format";
import { paths } from "~/core/paths";
import { Repeat, Star } from "~/ui/icons";
import { initialLetter } from "~/ui/initial";
import { Link } from "~/ui/link";
import type { FavoriteFilm } from "../profile-settings.server";
import type { ProfileTitle, PublicProfile } from "../profile-page.server";
import { ShareButton } from "~/ui/share-button";

const KIND = { movie: "Film", tv: "Dizi" } as const;

/** A title's name, or "Film #603" when its facts were never kept. */
const nameOf = (title: ProfileTitle) => title.title ?? `${KIND[title.itemType]} #${title.itemId}`;

const hrefOf = (title: ProfileTitle) =>
  paths.title(title.itemType, { id: title.itemId, name: title.title ?? "", date: title.date });

function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: string }) => (
  <p className="text-sm text-muted-foreground">{children}</p>
);

function RatingBadge({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
      <Star className="size-3.5 fill-yellow-400 text-yellow-400" aria-hidden />
      <span>
        {rating}
        <span className="sr-only"> / 10 puan</span>
        <span aria-hidden>/10</span>
      </span>
    </span>
  );
}

/** A poster linked to its title's page, with its name (and a rating) under it. */
function PosterLink({
  title,
  priority,
  children,
}: {
  title: ProfileTitle;
  priority?: boolean;
  children?: ReactNode;
}) {
  const image = useImageUrl();
  return (
    <li className="min-w-0">
      <Link to={hrefOf(title)} className="group block space-y-1.5">
        <Poster
          src={image("w200", title.posterPath)}
          alt={nameOf(title)}
          priority={priority}
          className="rounded-lg ring-1 ring-border transition group-hover:ring-primary"
        />
        <span className="line-clamp-2 text-sm leading-snug font-medium group-hover:text-primary">
          {nameOf(title)}
        </span>
      </Link>
      {children}
    </li>
  );
}

const asTitle = (film: FavoriteFilm): ProfileTitle => ({
  itemType: "movie",
  itemId: film.movieId,
  title: film.title,
  posterPath: film.posterPath,
  date: film.date,
});

/**
 * /u/{kullanıcı-adı}: the person's name, Favori 4, public lists, ratings and diary; `people` is
 * what the route adds under the name (follower counts and Takip et, issue #38).
 */
export function ProfilePage({
  data,
  people,
  liked,
}: {
  data: PublicProfile;
  people?: ReactNode;
  /** "Beğendikleri" at the page's end (issue #38, app/social). */
  liked?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <header className="flex items-center gap-4">
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary/20 text-2xl font-bold text-primary"
        >
          {initialLetter(data.name, "P")}
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{data.name}</h1>
          <p className="text-muted-foreground">@{data.username}</p>
          {people}
        </div>
        <ShareButton
          className="ml-auto"
          path={paths.profile(data.username)}
          title={`${data.name} (@${data.username})`}
          text={`${data.name} adlı kişinin Perde profili`}
        />
      </header>

      <Section id="favori-4" title="Favori 4">
        {data.favorites.length === 0 ? (
          <Empty>Henüz favori film seçilmemiş.</Empty>
        ) : (
          <ol className="grid max-w-2xl grid-cols-4 gap-3 sm:gap-4" aria-label="Favori 4">
            {data.favorites.map((film, index) => (
              <PosterLink key={film.movieId} title={asTitle(film)} priority={index === 0} />
            ))}
          </ol>
        )}
      </Section>

      <Section id="listeler" title="Listeler">
        {data.lists.length === 0 ? (
          <Empty>Herkese açık listesi yok.</Empty>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {data.lists.map((list) => (
              <li key={list.id}>
                <Link
                  to={paths.list(list)}
                  className="flex items-baseline justify-between gap-3 rounded-xl border bg-card p-3 hover:border-primary"
                >
                  <span className="min-w-0 font-medium break-words">{list.name}</span>
                  <span className="shrink-0 text-sm text-muted-foreground">
                    {formatCount(list.itemCount)} yapım
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="son-puanlar" title="Son puanlar">
        {data.ratings.length === 0 ? (
          <Empty>Henüz puan verilmemiş.</Empty>
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-8">
            {data.ratings.map((rated) => (
              <PosterLink key={`${rated.itemType}-${rated.itemId}`} title={rated}>
                <RatingBadge rating={rated.rating} />
              </PosterLink>
            ))}
          </ul>
        )}
      </Section>

      <Section
        id="gunluk"
        title="Günlük"
        aside={
          <p className="text-sm text-muted-foreground">
            {data.year} yılında {formatCount(data.watchesThisYear)} izleme
          </p>
        }
      >
        {data.diary.length === 0 ? (
          <Empty>Günlükte henüz kayıt yok.</Empty>
        ) : (
          <ul className="divide-y rounded-xl border bg-card">
            {data.diary.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-3">
                <time
                  dateTime={entry.watchedOn}
                  className="w-32 shrink-0 text-sm text-muted-foreground"
                >
                  {formatLongDate(entry.watchedOn)}
                </time>
                <Link to={hrefOf(entry)} className="min-w-0 font-medium hover:text-primary">
                  {nameOf(entry)}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {KIND[entry.itemType]}
                  {entry.date && ` · ${yearOf(entry.date)}`}
                </span>
                {entry.rewatch && (
                  <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                    <Repeat className="size-3.5" aria-hidden />
                    Yeniden izleme
                  </span>
                )}
                {entry.rating !== null && <RatingBadge rating={entry.rating} />}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {liked}
    </div>
  );
}
