import { paths } from "~/core/paths";
import type { ReactNode } from "react";
import { ArrowLeft, ChevronLeft, ChevronRight, Star } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { loadEpisodePage, NeighbourEpisode } from "../detail-pages.server";
import { cn } from "~/ui/cn";
import { formatLongDate, formatRating, formatRuntime } from "~/core/format";
import { Facts, Section } from "./detail-hero";
import { useImageUrl } from "./image-base";
import { CastSection, CrewSection } from "./people-list";

export type EpisodePageData = NonNullable<Awaited<ReturnType<typeof loadEpisodePage>>>;

/**
 * /dizi/{id}/sezon/{n}/bolum/{m}: one episode; `actions` is the route's "Bölümü İzledim", `rating`
 * its Perde puanı and Puanım (from history).
 */
export function EpisodePage({
  data,
  actions,
  rating,
}: {
  data: EpisodePageData;
  actions?: ReactNode;
  rating?: ReactNode;
}) {
  const { episode, show } = data;
  const image = useImageUrl();
  const still = image("original", episode.stillPath);
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8">
      <Link
        to={paths.season(episode.seriesId, episode.seasonNumber)}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {show ? `${show.name}: ${data.seasonName}` : data.seasonName}
      </Link>
      {still && (
        <img src={still} alt="" className="aspect-video w-full rounded-xl bg-muted object-cover" />
      )}
      <header className="space-y-3">
        <h1 className="text-3xl font-black sm:text-4xl">{data.heading}</h1>
        <Facts
          items={[
            episode.voteAverage > 0 && (
              <span key="rating" className="inline-flex items-center gap-1">
                <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
                {formatRating(episode.voteAverage)}/10
              </span>
            ),
            formatLongDate(episode.airDate),
            formatRuntime(episode.runtime),
          ]}
        />
        {actions}
        {rating}
      </header>
      <Section id="bolum-ozeti" title="Bölüm Özeti">
        <p className="max-w-3xl leading-relaxed">
          {episode.overview || "Bu bölüm için henüz bir özet eklenmemiş."}
        </p>
      </Section>
      <CastSection id="konuk-oyuncular" title="Konuk Oyuncular" cast={episode.guestStars} />
      <CrewSection id="ekip" title="Ekip" crew={episode.crew} />
      <CastSection id="ana-kadro" title="Ana Kadro" cast={episode.cast} />
      <EpisodeNeighbours seriesId={episode.seriesId} data={data} />
    </div>
  );
}

const neighbourCode = (episode: NeighbourEpisode) =>
  `${episode.seasonNumber}. Sezon ${episode.episodeNumber}. Bölüm`;

/** "Önceki bölüm" and "Sonraki bölüm": links to the episodes next to this one, when listed. */
function EpisodeNeighbours({ seriesId, data }: { seriesId: number; data: EpisodePageData }) {
  const { previous, next } = data;
  if (!previous && !next) return null;
  const linkClass =
    "flex min-w-0 flex-1 items-center gap-2 rounded-xl border bg-card p-3 text-sm hover:border-primary";
  return (
    <nav aria-label="Bölümler arasında" className="flex flex-col gap-3 sm:flex-row">
      {previous && (
        <Link
          to={paths.episode(seriesId, previous.seasonNumber, previous.episodeNumber)}
          rel="prev"
          className={linkClass}
        >
          <ChevronLeft className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0">
            <span className="block text-muted-foreground">Önceki bölüm</span>
            <span className="block truncate font-medium">
              {neighbourCode(previous)}: {previous.name}
            </span>
          </span>
        </Link>
      )}
      {next && (
        <Link
          to={paths.episode(seriesId, next.seasonNumber, next.episodeNumber)}
          rel="next"
          className={cn(linkClass, "justify-end text-right sm:ml-auto")}
        >
          <span className="min-w-0">
            <span className="block text-muted-foreground">Sonraki bölüm</span>
            <span className="block truncate font-medium">
              {neighbourCode(next)}: {next.name}
            </span>
          </span>
          <ChevronRight className="size-4 shrink-0" aria-hidden />
        </Link>
      )}
    </nav>
  );
}
