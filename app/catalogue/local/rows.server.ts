import type {
  CastMember,
  CrewMember,
  EpisodeDetails,
  EpisodeSummary,
  MovieDetails,
  MovieSummary,
  PersonDetails,
  PersonSummary,
  SeasonDetails,
  SeriesDetails,
  SeriesSummary,
} from "../types";
import type { AgeRating } from "../age-ratings";
import { searchText } from "~/core/text";
import type { CatalogueContent, Identified } from "./content.server";
import type { PersonContent } from "./content-schema";

/*
 * Turns validated content into the local catalogue's rows, already in the catalogue's own shapes.
 * Image paths point at artwork the app draws itself (artwork.server.ts), so nothing is fetched
 * from outside.
 */

const DEPARTMENTS: Record<string, string> = {
  Director: "Directing",
  Writer: "Writing",
  Screenplay: "Writing",
  Novel: "Writing",
  Story: "Writing",
  Producer: "Production",
  "Executive Producer": "Production",
  "Original Music Composer": "Sound",
  "Director of Photography": "Camera",
  Editor: "Editing",
};

/** How a crew credit reads in a person's filmography. */
const JOB_LABELS: Record<string, string> = {
  Director: "Yönetmen",
  Writer: "Senarist",
  Screenplay: "Senaryo",
  Novel: "Roman",
  Story: "Hikâye",
  Producer: "Yapımcı",
  "Executive Producer": "Yürütücü Yapımcı",
  "Original Music Composer": "Müzik",
  "Director of Photography": "Görüntü Yönetmeni",
  Editor: "Kurgu",
  Creator: "Yaratıcı",
};

const artworkPath = {
  poster: (mediaType: "movie" | "tv", id: number) => `/poster/${mediaType}/${id}.svg`,
  backdrop: (mediaType: "movie" | "tv", id: number) => `/backdrop/${mediaType}/${id}.svg`,
  profile: (id: number) => `/profile/person/${id}.svg`,
  still: (seriesId: number, season: number, episode: number) =>
    `/still/tv/${seriesId}/${season}/${episode}.svg`,
};

const yearOf = (date: string | null) => (date ? Number(date.slice(0, 4)) : null);

interface TitleRow {
  mediaType: "movie" | "tv";
  id: number;
  date: string | null;
  /** A film's Turkish theatrical release day (Vizyonda); null for series and unknown days. */
  cinemaDate: string | null;
  year: number | null;
  voteAverage: number;
  voteCount: number;
  popularity: number;
  genreIds: number[];
  imdbId: string | null;
  /** The Turkish age rating the content gives; null when it gives none. */
  ageRating: AgeRating | null;
  summary: MovieSummary | SeriesSummary;
  /** Without watch providers: the local source has none (local-source.server.ts). */
  details: Omit<MovieDetails, "watchProviders"> | Omit<SeriesDetails, "watchProviders">;
}

export interface CatalogueRows {
  titles: TitleRow[];
  people: {
    id: number;
    popularity: number;
    summary: PersonSummary;
    details: Omit<PersonDetails, "movieCredits" | "tvCredits">;
  }[];
  credits: { personId: number; mediaType: "movie" | "tv"; mediaId: number; character: string }[];
  seasons: { seriesId: number; seasonNumber: number; details: SeasonDetails }[];
  episodes: {
    seriesId: number;
    seasonNumber: number;
    episodeNumber: number;
    details: EpisodeDetails;
  }[];
  genres: { mediaType: "movie" | "tv"; id: number; name: string }[];
  search: { kind: "movie" | "tv" | "person"; id: number; popularity: number; searchText: string }[];
}

/** The folded names search matches: the title first, then each other name that differs. */
function titleSearchText(name: string, originalName: string, otherTitles: string[]): string {
  const names = [...new Set([name, originalName, ...otherTitles].map(searchText))];
  return names.filter(Boolean).join(" ");
}

/** Other names without the title and the original title themselves. */
function otherNames(name: string, originalName: string, otherTitles: string[]): string[] {
  const own = new Set([searchText(name), searchText(originalName)]);
  return [...new Set(otherTitles)].filter((title) => !own.has(searchText(title)));
}

export function contentToRows(content: CatalogueContent): CatalogueRows {
  const people = new Map(content.people.map((person) => [person.key, person]));
  const person = (key: string): Identified<PersonContent> => {
    const found = people.get(key);
    if (!found) throw new Error(`unknown person ${key}`);
    return found;
  };
  const cast = (credits: { person: string; character: string }[]): CastMember[] =>
    credits.map((credit) => {
      const who = person(credit.person);
      return {
        id: who.id,
        name: who.name,
        character: credit.character,
        profilePath: artworkPath.profile(who.id),
      };
    });
  const crew = (credits: { person: string; job: string }[]): CrewMember[] =>
    credits.map((credit) => {
      const who = person(credit.person);
      return {
        id: who.id,
        name: who.name,
        job: credit.job,
        department: DEPARTMENTS[credit.job] ?? "Crew",
        profilePath: artworkPath.profile(who.id),
      };
    });
  const genreNames = {
    movie: new Map(content.genres.movie.map((genre) => [genre.id, genre.name])),
    tv: new Map(content.genres.tv.map((genre) => [genre.id, genre.name])),
  };

  const rows: CatalogueRows = {
    titles: [],
    people: [],
    credits: [],
    seasons: [],
    episodes: [],
    genres: [
      ...content.genres.movie.map((genre) => ({ mediaType: "movie" as const, ...genre })),
      ...content.genres.tv.map((genre) => ({ mediaType: "tv" as const, ...genre })),
    ],
    search: [],
  };

  // One filmography line per person and title: acting first, else the first crew job.
  const credited = new Set<string>();
  function addCredit(
    personId: number,
    mediaType: "movie" | "tv",
    mediaId: number,
    character: string,
  ) {
    const key = `${personId}:${mediaType}:${mediaId}`;
    if (credited.has(key)) return;
    credited.add(key);
    rows.credits.push({ personId, mediaType, mediaId, character });
  }

  for (const movie of content.movies) {
    const summary: MovieSummary = {
      mediaType: "movie",
      id: movie.id,
      title: movie.title,
      originalTitle: movie.originalTitle,
      overview: movie.overview,
      releaseDate: movie.releaseDate,
      posterPath: artworkPath.poster("movie", movie.id),
      backdropPath: artworkPath.backdrop("movie", movie.id),
      voteAverage: movie.voteAverage,
      voteCount: movie.voteCount,
      popularity: movie.popularity,
      genreIds: movie.genres,
    };
    const details: Omit<MovieDetails, "watchProviders"> = {
      ...summary,
      otherTitles: otherNames(movie.title, movie.originalTitle, movie.otherTitles),
      imdbId: movie.imdbId ?? null,
      ageRating: movie.ageRating ?? null,
      runtime: movie.runtime,
      genres: movie.genres.map((id) => ({ id, name: genreNames.movie.get(id) ?? "" })),
      videos: movie.videos.map((video) => ({ id: video.key, ...video })),
      images: { backdrops: [], posters: [] },
      cast: cast(movie.cast),
      crew: crew(movie.crew),
    };
    rows.titles.push({
      mediaType: "movie",
      id: movie.id,
      date: movie.releaseDate,
      cinemaDate: movie.turkishRelease ?? null,
      year: yearOf(movie.releaseDate),
      voteAverage: movie.voteAverage,
      voteCount: movie.voteCount,
      popularity: movie.popularity,
      genreIds: movie.genres,
      imdbId: movie.imdbId ?? null,
      ageRating: details.ageRating,
      summary,
      details,
    });
    rows.search.push({
      kind: "movie",
      id: movie.id,
      popularity: movie.popularity,
      searchText: titleSearchText(movie.title, movie.originalTitle, movie.otherTitles),
    });
    for (const credit of details.cast) addCredit(credit.id, "movie", movie.id, credit.character);
    for (const credit of details.crew) {
      addCredit(credit.id, "movie", movie.id, JOB_LABELS[credit.job] ?? credit.job);
    }
  }

  for (const show of content.series) {
    const summary: SeriesSummary = {
      mediaType: "tv",
      id: show.id,
      name: show.name,
      originalName: show.originalName,
      overview: show.overview,
      firstAirDate: show.firstAirDate,
      posterPath: artworkPath.poster("tv", show.id),
      backdropPath: artworkPath.backdrop("tv", show.id),
      voteAverage: show.voteAverage,
      voteCount: show.voteCount,
      popularity: show.popularity,
      genreIds: show.genres,
    };
    const seriesCast = cast(show.cast);
    const regularSeasons = show.seasons.filter((season) => season.seasonNumber > 0);
    const details: Omit<SeriesDetails, "watchProviders"> = {
      ...summary,
      otherTitles: otherNames(show.name, show.originalName, show.otherTitles),
      imdbId: show.imdbId ?? null,
      ageRating: show.ageRating ?? null,
      status: show.status,
      numberOfSeasons: regularSeasons.length,
      // Only the episodes the catalogue lists are counted: a season page can show every episode
      // its series page counts (the content's own episodeCount of an unlisted season is not).
      numberOfEpisodes: regularSeasons.reduce(
        (sum, season) => sum + (season.episodes?.length ?? 0),
        0,
      ),
      seasons: show.seasons.map((season) => ({
        id: show.id * 100 + season.seasonNumber,
        name: season.name,
        seasonNumber: season.seasonNumber,
        episodeCount: season.episodes?.length ?? 0,
        airDate: season.airDate,
        posterPath: summary.posterPath,
      })),
      createdBy: show.createdBy.map((key) => {
        const who = person(key);
        return { id: who.id, name: who.name, profilePath: artworkPath.profile(who.id) };
      }),
      genres: show.genres.map((id) => ({ id, name: genreNames.tv.get(id) ?? "" })),
      videos: show.videos.map((video) => ({ id: video.key, ...video })),
      images: { backdrops: [], posters: [] },
      cast: seriesCast,
      crew: crew(show.crew),
    };
    rows.titles.push({
      mediaType: "tv",
      id: show.id,
      date: show.firstAirDate,
      cinemaDate: null,
      year: yearOf(show.firstAirDate),
      voteAverage: show.voteAverage,
      voteCount: show.voteCount,
      popularity: show.popularity,
      genreIds: show.genres,
      imdbId: show.imdbId ?? null,
      ageRating: details.ageRating,
      summary,
      details,
    });
    rows.search.push({
      kind: "tv",
      id: show.id,
      popularity: show.popularity,
      searchText: titleSearchText(show.name, show.originalName, show.otherTitles),
    });
    for (const credit of seriesCast) addCredit(credit.id, "tv", show.id, credit.character);
    for (const creator of details.createdBy)
      addCredit(creator.id, "tv", show.id, JOB_LABELS.Creator!);
    for (const credit of details.crew)
      addCredit(credit.id, "tv", show.id, JOB_LABELS[credit.job] ?? credit.job);

    for (const season of show.seasons) {
      const episodes: EpisodeSummary[] = (season.episodes ?? []).map((episode) => ({
        id: show.id * 100_000 + season.seasonNumber * 1_000 + episode.episodeNumber,
        seasonNumber: season.seasonNumber,
        episodeNumber: episode.episodeNumber,
        name: episode.name,
        overview: episode.overview,
        airDate: episode.airDate,
        runtime: episode.runtime ?? show.episodeRuntime,
        voteAverage: episode.voteAverage,
        stillPath: artworkPath.still(show.id, season.seasonNumber, episode.episodeNumber),
      }));
      rows.seasons.push({
        seriesId: show.id,
        seasonNumber: season.seasonNumber,
        details: {
          id: show.id * 100 + season.seasonNumber,
          seriesId: show.id,
          seasonNumber: season.seasonNumber,
          name: season.name,
          overview: season.overview,
          airDate: season.airDate,
          posterPath: summary.posterPath,
          voteAverage: season.voteAverage,
          episodes,
        },
      });
      (season.episodes ?? []).forEach((episode, index) => {
        rows.episodes.push({
          seriesId: show.id,
          seasonNumber: season.seasonNumber,
          episodeNumber: episode.episodeNumber,
          details: {
            ...episodes[index]!,
            seriesId: show.id,
            guestStars: cast(episode.guestStars),
            crew: crew(episode.crew),
            cast: seriesCast,
          },
        });
      });
    }
  }

  for (const entry of content.people) {
    const summary: PersonSummary = {
      mediaType: "person",
      id: entry.id,
      name: entry.name,
      knownForDepartment: entry.knownForDepartment,
      profilePath: artworkPath.profile(entry.id),
      popularity: entry.popularity,
    };
    rows.search.push({
      kind: "person",
      id: entry.id,
      popularity: entry.popularity,
      searchText: searchText(entry.name),
    });
    rows.people.push({
      id: entry.id,
      popularity: entry.popularity,
      summary,
      details: {
        ...summary,
        biography: entry.biography,
        birthday: entry.birthday,
        deathday: entry.deathday,
        placeOfBirth: entry.placeOfBirth,
      },
    });
  }
  return rows;
}
