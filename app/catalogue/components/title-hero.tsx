import { Star } from "~/ui/icons";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import { paths } from "~/core/paths";
import { formatCount, formatRating } from "~/core/format";
import type { MediaType, Video } from "../types";
import { DetailHero, Facts } from "./detail-hero";
import { useImageUrl } from "./image-base";
import { TrailerButton } from "./trailer-button";

function Rating({ value, count }: { value: number; count: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
      <strong className="text-foreground">{formatRating(value)}/10</strong>
      <span>({formatCount(count)} oy)</span>
    </span>
  );
}

function GenreLinks({ genres, kind }: { genres: { id: number; name: string }[]; kind: MediaType }) {
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
 * The hero of a film or series page: pictures, names, facts, then the person's controls
 * (`watchlist`: İzledim, the watchlist and list buttons) and the trailer, then ratings and genres.
 */
export function TitleHero({
  kind,
  title,
  name,
  originalName,
  facts,
  siteRating,
  watchlist,
}: {
  kind: MediaType;
  title: {
    backdropPath: string | null;
    posterPath: string | null;
    voteAverage: number;
    voteCount: number;
    genres: { id: number; name: string }[];
    trailer: Video | null;
  };
  name: string;
  originalName: string;
  /** Shown after the rating. */
  facts: ReactNode[];
  siteRating?: ReactNode;
  watchlist: ReactNode;
}) {
  const image = useImageUrl();
  return (
    <DetailHero
      title={name}
      backdrop={image("original", title.backdropPath)}
      poster={image("w500", title.posterPath)}
      back={{ to: "/", label: "Ana Sayfaya Dön" }}
    >
      {originalName !== name && <p className="text-muted-foreground">{originalName}</p>}
      <Facts
        items={[
          <Rating key="rating" value={title.voteAverage} count={title.voteCount} />,
          ...facts,
        ]}
      />
      {/* The person's controls first, İzledim leading (decision 029); no trailer, no button. */}
      <div className="flex flex-wrap items-start gap-3">
        {watchlist}
        {title.trailer && <TrailerButton trailer={title.trailer} title={name} />}
      </div>
      {siteRating}
      <GenreLinks genres={title.genres} kind={kind} />
    </DetailHero>
  );
}
