import { episodeRowId } from "~/catalogue/components/season-page";
import type { SeasonProgress } from "../marks.server";
import type { SeasonMarks } from "../page-marks.server";
import {
  EpisodeToggle,
  ProgressBar,
  SeasonToggle,
  UpToButton,
  useShownWatched,
} from "./mark-controls";

/*
 * The episode marks as the series, season and episode pages show them. Anonymous visitors see
 * the same controls (they lead to sign-in) and no progress, so their page is the same for all.
 */

/** The season page's marks: what its header and its rows show, optimistic while forms run. */
export function useSeasonMarks(seriesId: number, seasonNumber: number, marks: SeasonMarks) {
  const shown = useShownWatched(seriesId, seasonNumber, marks.watched ?? [], marks.aired);
  const watchedAired = marks.aired.filter((episode) => shown.has(episode)).length;
  const complete = marks.aired.length > 0 && watchedAired === marks.aired.length;

  const header = marks.markable && marks.aired.length > 0 && (
    <div className="flex w-full flex-col gap-3 pt-1 sm:w-[28rem] sm:flex-row sm:items-center">
      {marks.watched !== null && (
        <div className="min-w-0 flex-1">
          <ProgressBar
            watched={watchedAired}
            total={marks.aired.length}
            label={`${seasonNumber}. Sezon`}
          />
        </div>
      )}
      <SeasonToggle target={{ seriesId, season: seasonNumber }} complete={complete} />
    </div>
  );

  const rowActions = (episodeNumber: number) => {
    if (!marks.markable) return null;
    if (!marks.aired.includes(episodeNumber))
      return <span className="text-sm text-muted-foreground">Henüz yayınlanmadı</span>;
    const target = { seriesId, season: seasonNumber, episode: episodeNumber };
    return (
      <>
        <EpisodeToggle
          target={target}
          watched={shown.has(episodeNumber)}
          anchor={episodeRowId(episodeNumber)}
        />
        <UpToButton target={target} />
      </>
    );
  };

  return { header, rowActions: marks.markable ? rowActions : undefined };
}

/**
 * The series page's progress: the whole series above its seasons, and each season's own. With
 * `partial` (a season's episodes are not listed) it counts the known episodes and says so.
 */
export function seriesProgressSlots(seasons: SeasonProgress[] | null, partial = false) {
  if (!seasons || seasons.length === 0) return { progress: undefined, seasonProgress: undefined };
  const aired = seasons.reduce((sum, season) => sum + season.aired, 0);
  const watched = seasons.reduce((sum, season) => sum + season.watched, 0);
  const bySeason = new Map(seasons.map((season) => [season.seasonNumber, season]));
  return {
    progress: (
      <div className="max-w-md">
        <ProgressBar watched={watched} total={aired} label="Dizi ilerlemesi" partial={partial} />
      </div>
    ),
    seasonProgress: (seasonNumber: number) => {
      const season = bySeason.get(seasonNumber);
      return season ? (
        <div className="px-2.5 pb-2.5">
          <ProgressBar
            watched={season.watched}
            total={season.aired}
            label={`${seasonNumber}. Sezon`}
            compact
          />
        </div>
      ) : null;
    },
  };
}
