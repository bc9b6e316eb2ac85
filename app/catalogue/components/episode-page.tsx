import { paths } from "~/core/paths";
import type { ReactNode } from "react";
import { ArrowLeft, Star } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { loadEpisodePage } from "../detail-pages.server";
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
    </div>
  );
}
