import { paths } from "~/core/paths";
import type { ReactNode } from "react";
import { ArrowLeft, Star } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { loadSeasonPage } from "../detail-pages.server";
import { formatLongDate, formatRating, yearOf } from "~/core/format";
import { Section } from "./detail-hero";
import { useImageUrl } from "./image-base";
import { Poster } from "./poster";
import { episodeListTitle } from "../display";

export type SeasonPageData = NonNullable<Awaited<ReturnType<typeof loadSeasonPage>>>;

/** The id of an episode's row, which a mark posted without JavaScript comes back to. */
export const episodeRowId = (episodeNumber: number) => `bolum-${episodeNumber}`;

/** Said where the catalogue lists none of a season's episodes (nothing is concluded from it). */
const NO_EPISODE_DATA = "Bu sezonun bölüm bilgisi henüz yok";

/**
 * /dizi/{id}/sezon/{n}: a season and its episodes. The route adds the visitor's episode marks:
 * `tracking` under the header (progress, "Sezonu İzledim"), `episodeActions` on each row.
 */
export function SeasonPage({
  data,
  tracking,
  episodeActions,
}: {
  data: SeasonPageData;
  tracking?: ReactNode;
  episodeActions?: (episodeNumber: number) => ReactNode;
}) {
  const { season, show } = data;
  const image = useImageUrl();
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8">
      {show && (
        <Link
          to={show.href}
          className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {show.name}
        </Link>
      )}
      <header className="flex flex-col gap-6 sm:flex-row sm:items-end">
        <Poster
          src={image("w500", season.posterPath)}
          alt={season.name}
          className="w-28 shrink-0 rounded-xl sm:w-48"
        />
        <div className="space-y-3">
          {show && <p className="text-muted-foreground">{show.name}</p>}
          <h1 className="text-3xl font-black sm:text-4xl">{season.name}</h1>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {season.voteAverage > 0 && (
              <li className="inline-flex items-center gap-1">
                <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
                {formatRating(season.voteAverage)}/10
              </li>
            )}
            {season.airDate && <li>{yearOf(season.airDate)}</li>}
            {season.episodes.length > 0 && <li>{season.episodes.length} Bölüm</li>}
          </ul>
          {tracking}
        </div>
      </header>
      {season.overview && (
        <Section id="sezon-hakkinda" title="Sezon Hakkında">
          <p className="max-w-3xl leading-relaxed">{season.overview}</p>
        </Section>
      )}
      <Section id="bolumler" title="Bölümler">
        {/*
          Compact rows: title, date and the marks beside them (the still only from sm up), so a
          12-episode season is about a screen and a half on a phone, not nine.
        */}
        {season.episodes.length === 0 && (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
            {NO_EPISODE_DATA}
          </p>
        )}
        <ol className="space-y-2">
          {season.episodes.map((episode) => {
            const still = image("w200", episode.stillPath);
            const date = formatLongDate(episode.airDate);
            return (
              <li
                key={episode.episodeNumber}
                id={episodeRowId(episode.episodeNumber)}
                className="flex scroll-mt-20 items-center gap-3 rounded-xl border bg-card p-2.5 has-[a:hover]:border-primary sm:p-3"
              >
                <Link
                  to={paths.episode(season.seriesId, season.seasonNumber, episode.episodeNumber)}
                  className="group flex min-w-0 flex-1 items-center gap-3"
                >
                  {still && (
                    <img
                      src={still}
                      alt=""
                      loading="lazy"
                      className="hidden aspect-video w-36 shrink-0 rounded-md bg-muted object-cover sm:block"
                    />
                  )}
                  <div className="min-w-0 space-y-0.5">
                    <h3 className="leading-snug font-semibold group-hover:text-primary">
                      {episodeListTitle(episode.episodeNumber, episode.name)}
                    </h3>
                    <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                      {date && <span>{date}</span>}
                      {episode.voteAverage > 0 && (
                        <span className="inline-flex items-center gap-1">
                          <Star className="size-3.5 fill-yellow-400 text-yellow-400" aria-hidden />
                          {formatRating(episode.voteAverage)}
                        </span>
                      )}
                      {episode.runtime && <span>Süre: {episode.runtime} dakika</span>}
                    </p>
                    {episode.overview && (
                      <p className="line-clamp-2 hidden text-sm text-muted-foreground sm:block">
                        {episode.overview}
                      </p>
                    )}
                  </div>
                </Link>
                {episodeActions && (
                  <div className="flex shrink-0 flex-col items-stretch gap-1 text-sm">
                    {episodeActions(episode.episodeNumber)}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </Section>
    </div>
  );
}
