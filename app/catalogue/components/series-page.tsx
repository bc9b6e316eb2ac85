import { paths } from "~/core/paths";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { loadSeriesPage } from "../detail-pages.server";
import { yearOf } from "../format";
import { DetailHero, Facts, Section } from "./detail-hero";
import { useImageUrl } from "./image-base";
import { MediaTabs } from "./media-tabs";
import { GenreLinks, Rating } from "./movie-page";
import { PeopleList, PeopleRow } from "./people-list";
import { Poster } from "./poster";
import { Recommendations } from "./recommendations";
import { TrailerButton } from "./trailer-button";
import { WatchProviders } from "./watch-providers";

export type SeriesPageData = NonNullable<Awaited<ReturnType<typeof loadSeriesPage>>>;

/** /dizi/{slug}: a series with its seasons, cast and creators. */
export function SeriesPage({
  data,
  watchlist,
  siteRating,
  reviews,
}: {
  data: SeriesPageData;
  watchlist: ReactNode;
  siteRating?: ReactNode;
  reviews: ReactNode;
}) {
  const { series } = data;
  const image = useImageUrl();
  const running = series.status !== "Ended";
  return (
    <>
      <DetailHero
        title={series.name}
        backdrop={image("original", series.backdropPath)}
        poster={image("w500", series.posterPath)}
        back={{ to: "/", label: "Ana Sayfaya Dön" }}
      >
        {series.originalName !== series.name && (
          <p className="text-muted-foreground">{series.originalName}</p>
        )}
        <Facts
          items={[
            <Rating key="rating" value={series.voteAverage} count={series.voteCount} />,
            `${yearOf(series.firstAirDate)}${running ? " - Devam Ediyor" : ""}`,
            `${series.numberOfSeasons} Sezon, ${series.numberOfEpisodes} Bölüm`,
          ]}
        />
        {siteRating}
        <GenreLinks genres={series.genres} kind="tv" />
        <div className="flex flex-wrap gap-3">
          <TrailerButton trailer={series.trailer} title={series.name} />
          {watchlist}
        </div>
      </DetailHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        <Section id="hikaye" title="Hikaye">
          <p className="max-w-3xl text-lg leading-relaxed">
            {series.overview || "Bu dizi için henüz bir özet eklenmemiş."}
          </p>
        </Section>
        {series.seasons.length > 0 && (
          <Section id="sezonlar" title="Sezonlar">
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {series.seasons.map((season) => (
                <li key={season.seasonNumber}>
                  <Link
                    to={paths.season(series.id, season.seasonNumber)}
                    className="group block overflow-hidden rounded-lg bg-card ring-1 ring-border hover:ring-primary"
                  >
                    <Poster src={image("w200", season.posterPath)} alt={season.name} />
                    <span className="block px-2.5 pt-2 text-sm font-semibold group-hover:text-primary">
                      {season.name}
                    </span>
                    <span className="block px-2.5 pb-2.5 text-xs text-muted-foreground">
                      {season.episodeCount} Bölüm
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Section>
        )}
        <WatchProviders providers={series.watchProviders} />
        <MediaTabs images={series.images} videos={series.videos} />
        {series.cast.length > 0 && (
          <Section id="oyuncular" title="Oyuncular">
            <PeopleRow
              label="Oyuncular"
              people={series.cast.map((member) => ({ ...member, role: member.character }))}
            />
          </Section>
        )}
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
