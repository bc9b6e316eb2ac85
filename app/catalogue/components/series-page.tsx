import { paths } from "~/core/paths";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import type { SeriesPageData } from "../detail-pages.server";
import { yearOf } from "~/core/format";
import { Section } from "./detail-hero";
import { useImageUrl } from "./image-base";
import { MediaTabs } from "./media-tabs";
import { AgeRatingBadge } from "./age-rating-badge";
import { TitleHero } from "./title-hero";
import { CastSection, PeopleList } from "./people-list";
import { Poster } from "./poster";
import { Recommendations } from "./recommendations";
import { WatchProviders } from "./watch-providers";

/** /dizi/{slug}: a series with its seasons, cast and creators. */
export function SeriesPage({
  data,
  watchlist,
  siteRating,
  reviews,
  progress,
  seasonProgress,
}: {
  data: SeriesPageData;
  watchlist: ReactNode;
  siteRating?: ReactNode;
  reviews: ReactNode;
  /** The signed-in visitor's progress through the series, and through each season. */
  progress?: ReactNode;
  seasonProgress?: (seasonNumber: number) => ReactNode;
}) {
  const { series } = data;
  const image = useImageUrl();
  const running = series.status !== "Ended";
  return (
    <>
      <TitleHero
        kind="tv"
        title={series}
        name={series.name}
        originalName={series.originalName}
        facts={[
          `${yearOf(series.firstAirDate)}${running ? " - Devam Ediyor" : ""}`,
          series.numberOfEpisodes > 0
            ? `${series.numberOfSeasons} Sezon, ${series.numberOfEpisodes} Bölüm`
            : `${series.numberOfSeasons} Sezon`,
          series.ageRating && <AgeRatingBadge key="age" rating={series.ageRating} />,
        ]}
        siteRating={siteRating}
        watchlist={watchlist}
      />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        <Section id="hikaye" title="Hikaye">
          <p className="max-w-3xl text-lg leading-relaxed">
            {series.overview || "Bu dizi için henüz bir özet eklenmemiş."}
          </p>
        </Section>
        {series.seasons.length > 0 && (
          <Section id="sezonlar" title="Sezonlar">
            {progress}
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {series.seasons.map((season) => (
                <li key={season.seasonNumber}>
                  <Link
                    to={paths.season(series.id, season.seasonNumber)}
                    className="group block h-full overflow-hidden rounded-lg bg-card ring-1 ring-border hover:ring-primary"
                  >
                    <Poster src={image("w200", season.posterPath)} alt={season.name} />
                    <span className="block px-2.5 pt-2 text-sm font-semibold group-hover:text-primary">
                      {season.name}
                    </span>
                    <span className="block px-2.5 pb-2.5 text-xs text-muted-foreground">
                      {season.episodeCount > 0
                        ? `${season.episodeCount} Bölüm`
                        : "Bölüm bilgisi yok"}
                    </span>
                    {seasonProgress?.(season.seasonNumber)}
                  </Link>
                </li>
              ))}
            </ul>
          </Section>
        )}
        <WatchProviders providers={series.watchProviders} />
        <MediaTabs images={series.images} videos={series.videos} />
        <CastSection id="oyuncular" title="Oyuncular" cast={series.cast} />
        {series.createdBy.length > 0 && (
          <Section id="yaraticilar" title="Yaratıcılar">
            <PeopleList
              label="Yaratıcılar"
              people={series.createdBy.map((creator) => ({ ...creator, role: "Yaratıcı" }))}
            />
          </Section>
        )}
        <Recommendations items={data.recommendations} heading="Benzer Diziler" />
        {reviews}
      </div>
    </>
  );
}
