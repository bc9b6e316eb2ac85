import type { ReactNode } from "react";
import type { MoviePageData } from "../detail-pages.server";
import { formatLongDate, formatRuntime } from "~/core/format";
import { Section } from "./detail-hero";
import { MediaTabs } from "./media-tabs";
import { AgeRatingBadge } from "./age-rating-badge";
import { TitleHero } from "./title-hero";
import { CastSection, CrewSection } from "./people-list";
import { Recommendations } from "./recommendations";
import { WatchProviders } from "./watch-providers";

/**
 * /film/{slug}: everything about one film. `watchlist`, `siteRating` and `reviews` come from the
 * library.
 */
export function MoviePage({
  data,
  watchlist,
  siteRating,
  reviews,
  seenCast,
}: {
  data: MoviePageData;
  watchlist: ReactNode;
  siteRating?: ReactNode;
  reviews: ReactNode;
  /** Cast the signed-in visitor saw in another title they watched ("Nereden tanıyorum?"). */
  seenCast?: number[];
}) {
  const { movie } = data;
  return (
    <>
      <TitleHero
        kind="movie"
        title={movie}
        name={movie.title}
        originalName={movie.originalTitle}
        facts={[
          formatLongDate(movie.releaseDate),
          formatRuntime(movie.runtime),
          movie.ageRating && <AgeRatingBadge key="age" rating={movie.ageRating} />,
        ]}
        siteRating={siteRating}
        watchlist={watchlist}
      />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        <Section id="hikaye" title="Hikaye">
          <p className="max-w-3xl text-lg leading-relaxed">
            {movie.overview || "Bu film için henüz bir özet eklenmemiş."}
          </p>
        </Section>
        <WatchProviders providers={movie.watchProviders} />
        <MediaTabs images={movie.images} videos={movie.videos} />
        <CastSection id="oyuncular" title="Oyuncular" cast={movie.cast} seen={seenCast} />
        <CrewSection id="yapim-ekibi" title="Yapım Ekibi" crew={movie.crew} />
        <Recommendations items={data.recommendations} heading="Benzer Filmler" />
        {reviews}
      </div>
    </>
  );
}
