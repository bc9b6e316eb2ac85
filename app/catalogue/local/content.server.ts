import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type z } from "zod";
import {
  genresFileSchema,
  movieContentSchema,
  personContentSchema,
  seriesContentSchema,
  type GenresFile,
  type MovieContent,
  type PersonContent,
  type SeriesContent,
} from "./content-schema";

/** Items without a certain movie-database id get one in a range the movie database does not use. */
const LOCAL_ID_BASE = 90_000_000;
const LOCAL_ID_SPAN = 9_000_000;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function localId(kind: "movie" | "tv" | "person", key: string): number {
  return LOCAL_ID_BASE + (fnv1a(`${kind}:${key}`) % LOCAL_ID_SPAN);
}

/** Whether an id is one the embedded catalogue made up (no movie-database id is known). */
export const isLocalId = (id: number) => id >= LOCAL_ID_BASE;

export type Identified<T> = T & { id: number };

export interface CatalogueContent {
  genres: GenresFile;
  movies: Identified<MovieContent>[];
  series: Identified<SeriesContent>[];
  people: Identified<PersonContent>[];
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Katalog verisinde ${problems.length} sorun var:\n${problems.slice(0, 50).join("\n")}`);
  }
}

async function readJsonFiles(dir: string): Promise<{ file: string; data: unknown }[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => ({
      file: path.join(path.basename(dir), name),
      data: JSON.parse(await readFile(path.join(dir, name), "utf8")) as unknown,
    })),
  );
}

function parseArrays<T>(
  files: { file: string; data: unknown }[],
  schema: z.ZodType<T>,
  problems: string[],
): { file: string; item: T }[] {
  const out: { file: string; item: T }[] = [];
  for (const { file, data } of files) {
    if (!Array.isArray(data)) {
      problems.push(`${file}: bir dizi (array) olmalı`);
      continue;
    }
    data.forEach((raw, index) => {
      const parsed = schema.safeParse(raw);
      if (parsed.success) {
        out.push({ file, item: parsed.data });
      } else {
        const label = (raw as { key?: string })?.key ?? `#${index}`;
        for (const issue of parsed.error.issues) {
          problems.push(`${file} ${label}: ${issue.path.join(".")} ${issue.message}`);
        }
      }
    });
  }
  return out;
}

function mergePeople(
  entries: { file: string; item: PersonContent }[],
  problems: string[],
): PersonContent[] {
  const byKey = new Map<string, PersonContent>();
  for (const { file, item } of entries) {
    const seen = byKey.get(item.key);
    if (!seen) {
      byKey.set(item.key, item);
      continue;
    }
    for (const field of ["name", "birthday", "deathday"] as const) {
      if (seen[field] && item[field] && seen[field] !== item[field]) {
        problems.push(
          `${file} ${item.key}: ${field} başka bir dosyadakiyle çelişiyor (${seen[field]} / ${item[field]})`,
        );
      }
    }
    if (seen.id && item.id && seen.id !== item.id) {
      problems.push(`${file} ${item.key}: id başka bir dosyadakiyle çelişiyor`);
    }
    byKey.set(item.key, {
      ...seen,
      id: seen.id ?? item.id,
      birthday: seen.birthday ?? item.birthday,
      deathday: seen.deathday ?? item.deathday,
      placeOfBirth: seen.placeOfBirth ?? item.placeOfBirth,
      gender: seen.gender ?? item.gender,
      biography: item.biography.length > seen.biography.length ? item.biography : seen.biography,
      popularity: Math.max(seen.popularity, item.popularity),
    });
  }
  return [...byKey.values()];
}

function assignIds<T extends { key: string; id?: number }>(
  kind: "movie" | "tv" | "person",
  items: T[],
  problems: string[],
): Identified<T>[] {
  const keys = new Set<string>();
  const ids = new Map<number, string>();
  return items.map((item) => {
    if (keys.has(item.key)) problems.push(`${kind} ${item.key}: aynı anahtar iki kez kullanılmış`);
    keys.add(item.key);
    const id = item.id ?? localId(kind, item.key);
    const owner = ids.get(id);
    if (owner) problems.push(`${kind} ${item.key}: id ${id} zaten ${owner} için kullanılıyor`);
    ids.set(id, item.key);
    return { ...item, id };
  });
}

/** An IMDb id names one title: a duplicate would make an import pick between two. */
function checkImdbIds(content: CatalogueContent, problems: string[]): void {
  const owners = new Map<string, string>();
  const titles = [
    ...content.movies.map((movie) => ({ label: `movie ${movie.key}`, imdbId: movie.imdbId })),
    ...content.series.map((series) => ({ label: `tv ${series.key}`, imdbId: series.imdbId })),
  ];
  for (const { label, imdbId } of titles) {
    if (!imdbId) continue;
    const owner = owners.get(imdbId);
    if (owner) problems.push(`${label}: imdbId ${imdbId} zaten ${owner} için kullanılıyor`);
    else owners.set(imdbId, label);
  }
}

function checkReferences(content: CatalogueContent, problems: string[]): void {
  const people = new Set(content.people.map((person) => person.key));
  const movieGenres = new Set(content.genres.movie.map((genre) => genre.id));
  const tvGenres = new Set(content.genres.tv.map((genre) => genre.id));
  const checkPeople = (owner: string, keys: string[]) => {
    for (const key of keys) {
      if (!people.has(key)) problems.push(`${owner}: kişi bulunamadı: ${key}`);
    }
  };

  for (const movie of content.movies) {
    const owner = `movie ${movie.key}`;
    for (const genre of movie.genres) {
      if (!movieGenres.has(genre)) problems.push(`${owner}: bilinmeyen film türü ${genre}`);
    }
    checkPeople(
      owner,
      [...movie.cast, ...movie.crew].map((credit) => credit.person),
    );
  }

  for (const series of content.series) {
    const owner = `tv ${series.key}`;
    for (const genre of series.genres) {
      if (!tvGenres.has(genre)) problems.push(`${owner}: bilinmeyen dizi türü ${genre}`);
    }
    checkPeople(owner, [
      ...series.createdBy,
      ...[...series.cast, ...series.crew].map((credit) => credit.person),
    ]);
    const numbers = new Set<number>();
    for (const season of series.seasons) {
      if (numbers.has(season.seasonNumber))
        problems.push(`${owner}: sezon ${season.seasonNumber} iki kez var`);
      numbers.add(season.seasonNumber);
      if (!season.episodes) continue;
      if (season.episodes.length !== season.episodeCount) {
        problems.push(
          `${owner} sezon ${season.seasonNumber}: episodeCount ${season.episodeCount}, bölüm sayısı ${season.episodes.length}`,
        );
      }
      season.episodes.forEach((episode, index) => {
        if (episode.episodeNumber !== index + 1) {
          problems.push(
            `${owner} sezon ${season.seasonNumber}: bölüm numaraları 1'den sırayla gitmeli`,
          );
        }
        checkPeople(
          `${owner} S${season.seasonNumber}E${episode.episodeNumber}`,
          [...episode.guestStars, ...episode.crew].map((credit) => credit.person),
        );
      });
    }
  }
}

/** Reads, validates and merges every catalogue file under `dir`; throws ContentError listing all problems. */
export async function loadCatalogueContent(dir: string): Promise<CatalogueContent> {
  const problems: string[] = [];
  const genres = genresFileSchema.parse(
    JSON.parse(await readFile(path.join(dir, "genres.json"), "utf8")),
  );
  const [movieFiles, seriesFiles, peopleFiles] = await Promise.all([
    readJsonFiles(path.join(dir, "movies")),
    readJsonFiles(path.join(dir, "series")),
    readJsonFiles(path.join(dir, "people")),
  ]);
  const movies = parseArrays(movieFiles, movieContentSchema, problems).map((entry) => entry.item);
  const series = parseArrays(seriesFiles, seriesContentSchema, problems).map((entry) => entry.item);
  const people = mergePeople(parseArrays(peopleFiles, personContentSchema, problems), problems);

  const content: CatalogueContent = {
    genres,
    movies: assignIds("movie", movies, problems),
    series: assignIds("tv", series, problems),
    people: assignIds("person", people, problems),
  };
  checkReferences(content, problems);
  checkImdbIds(content, problems);
  if (problems.length > 0) throw new ContentError(problems);
  return content;
}
