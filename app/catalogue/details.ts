import type {
  CrewMember,
  MovieDetails,
  PersonMovieCredit,
  PersonSeriesCredit,
  SeriesDetails,
  Video,
} from "./types";

/* Limits of SPEC.md section 9 for detail pages, and the choices they imply. Pure, shared. */

const CAST_LIMIT = 12;
const IMAGE_LIMIT = 12;
const MOVIE_CREW_JOBS = ["Director", "Producer", "Writer", "Screenplay"];
const MOVIE_CREW_LIMIT = 6;
export const EPISODE_CREW_JOBS = ["Director", "Writer", "Producer"];

const JOB_LABELS: Record<string, string> = {
  Director: "Yönetmen",
  Producer: "Yapımcı",
  Writer: "Senarist",
  Screenplay: "Senaryo",
};
export const jobLabel = (job: string) => JOB_LABELS[job] ?? job;

/** The trailer: the first video of type Trailer on YouTube. */
export function pickTrailer(videos: Video[]): Video | null {
  return videos.find((video) => video.type === "Trailer" && video.site === "YouTube") ?? null;
}

export function filterCrew(crew: CrewMember[], jobs: string[], limit = Infinity): CrewMember[] {
  return crew.filter((member) => jobs.includes(member.job)).slice(0, limit);
}

/** A film trimmed to what its page shows. */
export function movieForPage(movie: MovieDetails) {
  return {
    ...movie,
    cast: movie.cast.slice(0, CAST_LIMIT),
    crew: filterCrew(movie.crew, MOVIE_CREW_JOBS, MOVIE_CREW_LIMIT),
    images: {
      backdrops: movie.images.backdrops.slice(0, IMAGE_LIMIT),
      posters: movie.images.posters.slice(0, IMAGE_LIMIT),
    },
    videos: movie.videos.filter((video) => video.site === "YouTube"),
    trailer: pickTrailer(movie.videos),
  };
}

/** A series trimmed to what its page shows. */
export function seriesForPage(series: SeriesDetails) {
  return {
    ...series,
    cast: series.cast.slice(0, CAST_LIMIT),
    seasons: series.seasons.filter((season) => season.seasonNumber > 0),
    images: {
      backdrops: series.images.backdrops.slice(0, IMAGE_LIMIT),
      posters: series.images.posters.slice(0, IMAGE_LIMIT),
    },
    videos: series.videos.filter((video) => video.site === "YouTube"),
    trailer: pickTrailer(series.videos),
  };
}

const UNKNOWN_YEAR = "Bilinmiyor";

export interface FilmographyGroup<T> {
  year: string;
  items: T[];
}

/**
 * Credits grouped by year, newest first, with 'Bilinmiyor' (no date) last; each group by
 * popularity, most popular first. A title credited twice appears once, roles joined.
 */
export function groupFilmography<T extends PersonMovieCredit | PersonSeriesCredit>(
  credits: T[],
): FilmographyGroup<T>[] {
  const byId = new Map<number, T>();
  for (const credit of credits) {
    const seen = byId.get(credit.id);
    if (!seen) byId.set(credit.id, credit);
    else if (credit.character && !seen.character.includes(credit.character)) {
      byId.set(credit.id, {
        ...seen,
        character: [seen.character, credit.character].filter(Boolean).join(" / "),
      });
    }
  }
  const groups = new Map<string, T[]>();
  for (const credit of byId.values()) {
    const date = credit.mediaType === "movie" ? credit.releaseDate : credit.firstAirDate;
    const year = date && /^\d{4}/.test(date) ? date.slice(0, 4) : UNKNOWN_YEAR;
    groups.set(year, [...(groups.get(year) ?? []), credit]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === UNKNOWN_YEAR ? 1 : b === UNKNOWN_YEAR ? -1 : Number(b) - Number(a)))
    .map(([year, items]) => ({ year, items: items.sort((a, b) => b.popularity - a.popularity) }));
}
