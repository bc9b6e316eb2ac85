import { useFetchers } from "react-router";
import { useImageUrl } from "~/catalogue/components/image-base";
import { Poster } from "~/catalogue/components/poster";
import { ownEpisodeName } from "~/catalogue/display";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Check } from "~/ui/icons";
import { Link } from "~/ui/link";
import { pendingMarks } from "../pending-marks";
import type { UpNextRow, UpNextShown } from "../up-next.server";
import { MarkForm } from "./mark-controls";

/** The fetcher of a row's İzledim: one per series, kept while the row moves on to its next episode. */
const answerKey = (seriesId: number) => `up-next-${seriesId}`;

const episodeCode = (episode: UpNextShown) =>
  `${episode.seasonNumber}. Sezon ${episode.episodeNumber}. Bölüm`;

/** "2. Sezon 3. Bölüm · {bölüm adı} · {yayın tarihi}", or when it will air. */
function EpisodeLine({
  seriesId,
  episode,
  episodesUnknown,
}: {
  seriesId: number;
  episode: UpNextShown | null;
  episodesUnknown: boolean;
}) {
  // Nothing is concluded from seasons the catalogue does not list.
  if (!episode && episodesUnknown)
    return (
      <p className="text-sm text-muted-foreground">
        Sıradaki bölümlerin bilgisi henüz yok; ilerlemeniz bilinen bölümlere göre.
      </p>
    );
  if (!episode)
    return (
      <p className="text-sm text-muted-foreground">
        Yayınlanan bütün bölümleri izlediniz; yeni bölüm bekleniyor.
      </p>
    );
  const date = formatLongDate(episode.airDate);
  return (
    <div className="space-y-0.5 text-sm">
      <Link
        to={paths.episode(seriesId, episode.seasonNumber, episode.episodeNumber)}
        className="font-medium hover:text-primary"
      >
        {episodeCode(episode)}
        {ownEpisodeName(episode.name) && (
          <>
            {" "}
            <span aria-hidden>·</span> {ownEpisodeName(episode.name)}
          </>
        )}
        {episode.aired && date && (
          <>
            {" "}
            <span aria-hidden>·</span> <span className="text-muted-foreground">{date}</span>
          </>
        )}
      </Link>
      {!episode.aired && (
        <p className="text-muted-foreground">
          {date ? `${date} tarihinde yayınlanacak` : "Yayın tarihi henüz açıklanmadı"}
        </p>
      )}
    </div>
  );
}

function UpNextItem({ row }: { row: UpNextRow }) {
  const image = useImageUrl();
  const pending = pendingMarks(useFetchers(), paths.episodeMark, row.seriesId);
  // While the mark of the next episode is on its way, the row already shows the one after it.
  const moving =
    row.next !== null &&
    pending.some(
      (mark) =>
        mark.intent === "mark" &&
        mark.season === row.next!.seasonNumber &&
        mark.episode === row.next!.episodeNumber,
    );
  const next = moving ? row.following : row.next;
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-3">
      <Link to={paths.title("tv", { id: row.seriesId, name: row.name })} className="shrink-0">
        <Poster src={image("w200", row.posterPath)} alt={row.name} className="w-14 rounded-md" />
      </Link>
      <div className="min-w-0 flex-1 space-y-1">
        <Link
          to={paths.title("tv", { id: row.seriesId, name: row.name })}
          className="line-clamp-1 font-semibold hover:text-primary"
        >
          {row.name}
        </Link>
        <EpisodeLine seriesId={row.seriesId} episode={next} episodesUnknown={row.episodesUnknown} />
      </div>
      {next?.aired && (
        <MarkForm
          target={{
            seriesId: row.seriesId,
            season: next.seasonNumber,
            episode: next.episodeNumber,
          }}
          intent="mark"
          variant="secondary"
          label={`İzledim: ${row.name}, ${episodeCode(next)}`}
          fetcherKey={answerKey(row.seriesId)}
          anchor="izlemeye-devam-et"
          className="shrink-0"
        >
          <Check className="size-4" aria-hidden />
          İzledim
        </MarkForm>
      )}
    </li>
  );
}

/** The dashboard's "İzlemeye Devam Et": the next episode of every series the person watches. */
export function ContinueWatching({ rows }: { rows: UpNextRow[] | null }) {
  return (
    <section aria-labelledby="izlemeye-devam-et" className="space-y-4">
      <h2 id="izlemeye-devam-et" className="text-2xl font-bold">
        İzlemeye Devam Et
      </h2>
      {rows === null ? (
        <p
          role="alert"
          className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
        >
          İzlemeye Devam Et yüklenemedi. Lütfen sayfayı yenileyin.
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          İzlediğiniz bir dizinin bölümünü işaretlediğinizde sıradaki bölüm burada görünür.
        </p>
      ) : (
        <ul aria-label="İzlemeye Devam Et" className="grid gap-3 md:grid-cols-2">
          {rows.map((row) => (
            <UpNextItem key={row.seriesId} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}
