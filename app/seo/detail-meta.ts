import type {
  EpisodePageData,
  MoviePageData,
  PersonPageData,
  SeasonPageData,
  SeriesPageData,
} from "~/catalogue/detail-pages.server";
import { titleHref } from "~/catalogue/display";
import { metaDescription } from "~/core/format";
import { imageUrl } from "~/catalogue/images";
import { paths } from "~/core/paths";
import { absoluteUrl, type Seo, type SiteInfo } from "./meta";

/*
 * What a detail page tells link previews and crawlers (canonical URL, description, image and
 * schema.org data), derived in the page's `meta` from the data the page already has: nothing
 * is sent twice.
 */

function image(site: SiteInfo, size: "w500" | "original", path: string | null | undefined) {
  const url = imageUrl(site.imageBaseUrl, size, path);
  return url ? absoluteUrl(site.siteUrl, url) : null;
}

/** A title's preview picture: its backdrop, or else its poster. */
const titleImage = (
  site: SiteInfo,
  title: { backdropPath: string | null; posterPath: string | null },
) => image(site, "original", title.backdropPath) ?? image(site, "w500", title.posterPath);

const person = (name: string) => ({ "@type": "Person", name });

function aggregateRating(title: { voteAverage: number; voteCount: number }) {
  return title.voteCount
    ? {
        "@type": "AggregateRating",
        ratingValue: title.voteAverage,
        ratingCount: title.voteCount,
        bestRating: 10,
      }
    : undefined;
}

export function movieSeo({ movie }: MoviePageData, site: SiteInfo): Seo {
  const canonical = absoluteUrl(site.siteUrl, titleHref(movie));
  const picture = titleImage(site, movie);
  return {
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
      director: movie.crew
        .filter((member) => member.job === "Director")
        .map((member) => person(member.name)),
      actor: movie.cast.map((member) => person(member.name)),
      aggregateRating: aggregateRating(movie),
    },
  };
}

export function seriesSeo({ series }: SeriesPageData, site: SiteInfo): Seo {
  const canonical = absoluteUrl(site.siteUrl, titleHref(series));
  const picture = titleImage(site, series);
  return {
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
      actor: series.cast.map((member) => person(member.name)),
      aggregateRating: aggregateRating(series),
    },
  };
}

export function seasonSeo({ show, season }: SeasonPageData, site: SiteInfo): Seo {
  const canonical = absoluteUrl(site.siteUrl, paths.season(season.seriesId, season.seasonNumber));
  const title = show ? `${show.name}: ${season.name}` : season.name;
  return {
    title,
    description: metaDescription(
      season.overview || `${title}: bölümler, yayın tarihleri ve özetler.`,
    ),
    canonical,
    image: image(site, "w500", season.posterPath),
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TVSeason",
      name: season.name,
      seasonNumber: season.seasonNumber,
      url: canonical,
      startDate: season.airDate ?? undefined,
      numberOfEpisodes: season.episodes.length || undefined,
      partOfSeries: show ? { "@type": "TVSeries", name: show.name } : undefined,
    },
  };
}

export function episodeSeo({ show, episode, heading }: EpisodePageData, site: SiteInfo): Seo {
  const canonical = absoluteUrl(
    site.siteUrl,
    paths.episode(episode.seriesId, episode.seasonNumber, episode.episodeNumber),
  );
  const title = show ? `${show.name} ${episode.seasonNumber}. Sezon ${heading}` : heading;
  return {
    title,
    description: metaDescription(episode.overview || `${title}.`),
    canonical,
    image: image(site, "original", episode.stillPath),
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TVEpisode",
      name: episode.name,
      episodeNumber: episode.episodeNumber,
      url: canonical,
      datePublished: episode.airDate ?? undefined,
      description: episode.overview || undefined,
      partOfSeason: { "@type": "TVSeason", seasonNumber: episode.seasonNumber },
      partOfSeries: show ? { "@type": "TVSeries", name: show.name } : undefined,
    },
  };
}

export function personSeo({ person: found }: PersonPageData, site: SiteInfo): Seo {
  const canonical = absoluteUrl(site.siteUrl, paths.person(found));
  const picture = image(site, "w500", found.profilePath);
  return {
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
}
