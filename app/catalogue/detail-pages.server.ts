import { absoluteUrl, type Seo } from "~/seo/meta";
import { toCards } from "./cards";
import type { Catalogue } from "./catalogue.server";
import {
  EPISODE_CREW_JOBS,
  filterCrew,
  groupFilmography,
  movieForPage,
  seriesForPage,
} from "./details";
import { metaDescription } from "./format";
import { imageUrl } from "./images";
import { titleSlug } from "./slug";

/*
 * Data for the detail pages, in one round of parallel calls each, with what link previews and
 * crawlers need (canonical URL, description, image, schema.org data). Null: not found.
 */

interface Context {
  catalogue: Catalogue;
  siteUrl: string;
}

function image(context: Context, size: "w500" | "original", path: string | null | undefined) {
  const url = imageUrl(context.catalogue.imageBaseUrl, size, path);
  return url ? absoluteUrl(context.siteUrl, url) : null;
}

const person = (name: string) => ({ "@type": "Person", name });

export async function loadMoviePage(context: Context, id: number) {
  // Both come from one upstream request on the live source (cached and coalesced).
  const [movie, recommendations] = await Promise.all([
    context.catalogue.movie(id),
    context.catalogue.movieRecommendations(id),
  ]);
  if (!movie) return null;
  const page = movieForPage(movie);
  const canonical = absoluteUrl(
    context.siteUrl,
    `/film/${titleSlug(movie.title, movie.id, movie.releaseDate)}`,
  );
  const picture =
    image(context, "original", movie.backdropPath) ?? image(context, "w500", movie.posterPath);
  const seo: Seo = {
    title: movie.title,
    description: metaDescription(movie.overview || `${movie.title} filmi hakkında her şey.`),
    canonical,
    image: picture,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Movie",
      name: movie.title,
      alternateName: movie.originalTitle !== movie.title ? movie.originalTitle : undefined,
      url: canonical,
      image: picture ?? undefined,
      description: movie.overview || undefined,
      datePublished: movie.releaseDate ?? undefined,
      duration: movie.runtime ? `PT${movie.runtime}M` : undefined,
      genre: movie.genres.map((genre) => genre.name),
      director: page.crew
        .filter((member) => member.job === "Director")
        .map((member) => person(member.name)),
      actor: page.cast.map((member) => person(member.name)),
      aggregateRating: movie.voteCount
        ? {
            "@type": "AggregateRating",
            ratingValue: movie.voteAverage,
            ratingCount: movie.voteCount,
            bestRating: 10,
          }
        : undefined,
    },
  };
  return { movie: page, recommendations: toCards(recommendations) ?? [], seo };
}

export async function loadSeriesPage(context: Context, id: number) {
  const [series, recommendations] = await Promise.all([
    context.catalogue.series(id),
    context.catalogue.seriesRecommendations(id),
  ]);
  if (!series) return null;
  const page = seriesForPage(series);
  const canonical = absoluteUrl(
    context.siteUrl,
    `/dizi/${titleSlug(series.name, series.id, series.firstAirDate)}`,
  );
  const picture =
    image(context, "original", series.backdropPath) ?? image(context, "w500", series.posterPath);
  const seo: Seo = {
    title: series.name,
    description: metaDescription(series.overview || `${series.name} dizisi hakkında her şey.`),
    canonical,
    image: picture,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TVSeries",
      name: series.name,
      url: canonical,
      image: picture ?? undefined,
      description: series.overview || undefined,
      startDate: series.firstAirDate ?? undefined,
      numberOfSeasons: series.numberOfSeasons,
      numberOfEpisodes: series.numberOfEpisodes,
      genre: series.genres.map((genre) => genre.name),
      creator: series.createdBy.map((creator) => person(creator.name)),
      actor: page.cast.map((member) => person(member.name)),
      aggregateRating: series.voteCount
        ? {
            "@type": "AggregateRating",
            ratingValue: series.voteAverage,
            ratingCount: series.voteCount,
            bestRating: 10,
          }
        : undefined,
    },
  };
  return { series: page, recommendations: toCards(recommendations) ?? [], seo };
}

export async function loadSeasonPage(context: Context, seriesId: number, seasonNumber: number) {
  const [series, season] = await Promise.all([
    context.catalogue.series(seriesId),
    context.catalogue.season(seriesId, seasonNumber),
  ]);
  if (!season) return null;
  const showName = series?.name ?? "";
  const canonical = absoluteUrl(context.siteUrl, `/dizi/${seriesId}/sezon/${seasonNumber}`);
  const title = showName ? `${showName}: ${season.name}` : season.name;
  const seo: Seo = {
    title,
    description: metaDescription(
      season.overview || `${title}: bölümler, yayın tarihleri ve özetler.`,
    ),
    canonical,
    image: image(context, "w500", season.posterPath),
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TVSeason",
      name: season.name,
      seasonNumber: season.seasonNumber,
      url: canonical,
      startDate: season.airDate ?? undefined,
      numberOfEpisodes: season.episodes.length || undefined,
      partOfSeries: series ? { "@type": "TVSeries", name: series.name } : undefined,
    },
  };
  return {
    show: series
      ? {
          id: series.id,
          name: series.name,
          href: `/dizi/${titleSlug(series.name, series.id, series.firstAirDate)}`,
        }
      : null,
    season,
    seo,
  };
}

export async function loadEpisodePage(
  context: Context,
  seriesId: number,
  seasonNumber: number,
  episodeNumber: number,
) {
  const [series, season, episode] = await Promise.all([
    context.catalogue.series(seriesId),
    context.catalogue.season(seriesId, seasonNumber),
    context.catalogue.episode(seriesId, seasonNumber, episodeNumber),
  ]);
  if (!episode) return null;
  const canonical = absoluteUrl(
    context.siteUrl,
    `/dizi/${seriesId}/sezon/${seasonNumber}/bolum/${episodeNumber}`,
  );
  const heading = `${episode.episodeNumber}. Bölüm: ${episode.name}`;
  const title = series ? `${series.name} ${seasonNumber}. Sezon ${heading}` : heading;
  const seo: Seo = {
    title,
    description: metaDescription(episode.overview || `${title}.`),
    canonical,
    image: image(context, "original", episode.stillPath),
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TVEpisode",
      name: episode.name,
      episodeNumber: episode.episodeNumber,
      url: canonical,
      datePublished: episode.airDate ?? undefined,
      description: episode.overview || undefined,
      partOfSeason: { "@type": "TVSeason", seasonNumber },
      partOfSeries: series ? { "@type": "TVSeries", name: series.name } : undefined,
    },
  };
  return {
    show: series ? { id: series.id, name: series.name } : null,
    seasonName: season?.name ?? `${seasonNumber}. Sezon`,
    episode: { ...episode, crew: filterCrew(episode.crew, EPISODE_CREW_JOBS) },
    heading,
    seo,
  };
}

export async function loadPersonPage(context: Context, id: number) {
  const found = await context.catalogue.person(id);
  if (!found) return null;
  const canonical = absoluteUrl(context.siteUrl, `/oyuncu/${titleSlug(found.name, found.id)}`);
  const picture = image(context, "w500", found.profilePath);
  const seo: Seo = {
    title: found.name,
    description: metaDescription(found.biography || `${found.name}: biyografi ve filmografi.`),
    canonical,
    image: picture,
    type: "profile",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: found.name,
      url: canonical,
      image: picture ?? undefined,
      description: found.biography || undefined,
      birthDate: found.birthday ?? undefined,
      deathDate: found.deathday ?? undefined,
      birthPlace: found.placeOfBirth ?? undefined,
    },
  };
  const { movieCredits, tvCredits, ...person } = found;
  return {
    person,
    movies: {
      count: new Set(movieCredits.map((credit) => credit.id)).size,
      groups: groupFilmography(movieCredits),
    },
    series: {
      count: new Set(tvCredits.map((credit) => credit.id)).size,
      groups: groupFilmography(tvCredits),
    },
    seo,
  };
}

/** What the detail loaders need from the server's services. */
export function detailContext(services: {
  catalogue: Catalogue;
  env: { publicSiteUrl: string };
}): Context {
  return { catalogue: services.catalogue, siteUrl: services.env.publicSiteUrl };
}
