import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "~/core/paths";
import type { MediaType } from "../types";
import type { loadMoviePage } from "../detail-pages.server";
import { jobLabel } from "../details";
import { formatCount, formatLongDate, formatRating, formatRuntime } from "../format";
import { DetailHero, Facts, Section } from "./detail-hero";
import { useImageUrl } from "./image-base";
import { MediaTabs } from "./media-tabs";
import { PeopleList, PeopleRow } from "./people-list";
import { Recommendations } from "./recommendations";
import { TrailerButton } from "./trailer-button";
import { WatchProviders } from "./watch-providers";

export type MoviePageData = NonNullable<Awaited<ReturnType<typeof loadMoviePage>>>;

export function Rating({ value, count }: { value: number; count: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
      <strong className="text-foreground">{formatRating(value)}/10</strong>
      <span>({formatCount(count)} oy)</span>
    </span>
  );
}

export function GenreLinks({
  genres,
  kind,
}: {
  genres: { id: number; name: string }[];
  kind: MediaType;
}) {
  return (
    <ul className="flex flex-wrap gap-2">
      {genres.map((genre) => (
        <li key={genre.id}>
          <Link
            to={paths.genre(kind, genre)}
            className="rounded-full border bg-background/60 px-3 py-1 text-sm hover:border-primary hover:text-primary"
          >
            {genre.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /film/{slug}: everything about one film. `watchlist`, `siteRating` and `reviews` come from the
 * library.
 */
export function MoviePage({
  data,
  watchlist,
  siteRating,
  reviews,
}: {
  data: MoviePageData;
  watchlist: ReactNode;
  siteRating?: ReactNode;
  reviews: ReactNode;
}) {
  const { movie } = data;
  const image = useImageUrl();
  return (
    <>
      <DetailHero
        title={movie.title}
        backdrop={image("original", movie.backdropPath)}
        poster={image("w500", movie.posterPath)}
        back={{ to: "/", label: "Ana Sayfaya Dön" }}
      >
        {movie.originalTitle !== movie.title && (
          <p className="text-muted-foreground">{movie.originalTitle}</p>
        )}
        <Facts
          items={[
            <Rating key="rating" value={movie.voteAverage} count={movie.voteCount} />,
            formatLongDate(movie.releaseDate),
            formatRuntime(movie.runtime),
          ]}
        />
        {siteRating}
        <GenreLinks genres={movie.genres} kind="movie" />
        <div className="flex flex-wrap gap-3">
          <TrailerButton trailer={movie.trailer} title={movie.title} />
          {watchlist}
        </div>
      </DetailHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        <Section id="hikaye" title="Hikaye">
          <p className="max-w-3xl text-lg leading-relaxed">
            {movie.overview || "Bu film için henüz bir özet eklenmemiş."}
          </p>
        </Section>
        <WatchProviders providers={movie.watchProviders} />
        <MediaTabs images={movie.images} videos={movie.videos} />
        {movie.cast.length > 0 && (
          <Section id="oyuncular" title="Oyuncular">
            <PeopleRow
              label="Oyuncular"
              people={movie.cast.map((member) => ({ ...member, role: member.character }))}
            />
          </Section>
        )}
        {movie.crew.length > 0 && (
          <Section id="yapim-ekibi" title="Yapım Ekibi">
            <PeopleList
              label="Yapım Ekibi"
              people={movie.crew.map((member) => ({ ...member, role: jobLabel(member.job) }))}
            />
          </Section>
        )}
        <Recommendations items={data.recommendations} heading="Benzer Filmler" />
        {reviews}
      </div>
    </>
  );
}
