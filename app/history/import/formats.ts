import { z } from "zod";
import type { ImportRowFields, ImportRowKind, ImportSource } from "~/db/import-schema";
import { diaryEntrySchema } from "../schemas";
import {
  readTvTimeRow,
  tvTimeMissing,
  tvTimePart,
  tvTimeState,
  type PartRow,
  type TvTimePart,
  type TvTimeState,
} from "./tvtime-format";
import {
  netflixPart,
  netflixState,
  readNetflixRow,
  type NetflixPart,
  type NetflixState,
} from "./netflix-format";

/*
 * The CSV formats an import understands, told apart by their header (and, for Letterboxd's two
 * lists that share one header, by the file's name or the person's choice). Columns are found by
 * name, so extra or reordered columns are fine; a missing required one refuses the file.
 */

export type ListChoice = "watched" | "watchlist";

export interface KnownFormat {
  /** The kind of the file's rows (a TV Time or Netflix file says it row by row). */
  kind: ImportRowKind;
  source: ImportSource;
  /** Which file of a TV Time (or Netflix) export this is: its rows are read by its own rules. */
  part?: TvTimePart | NetflixPart;
}

export type CsvFormat = KnownFormat | { refusal: string; askListKind?: boolean };

const LETTERBOXD_REQUIRED: Record<string, string[]> = {
  diary: ["Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date"],
  review: ["Name", "Year", "Letterboxd URI", "Review", "Watched Date"],
  rating: ["Date", "Name", "Year", "Letterboxd URI", "Rating"],
  watched: ["Date", "Name", "Year", "Letterboxd URI"],
  watchlist: ["Date", "Name", "Year", "Letterboxd URI"],
};
const IMDB_REQUIRED: Record<string, string[]> = {
  "imdb-rating": ["Const", "Your Rating", "Title", "Title Type", "Year"],
  "imdb-list": ["Position", "Const", "Title", "Title Type", "Year"],
};

/** What the file's name says of a Letterboxd list: watched.csv or watchlist.csv. */
function listOfName(file: string): ListChoice | null {
  const name = file.toLowerCase();
  if (/^watchlist\b/.test(name)) return "watchlist";
  if (/^watched\b/.test(name)) return "watched";
  return null;
}

/** The TV Time (or Netflix) file a header is, or null. */
export const servicePart = (header: string[]): TvTimePart | NetflixPart | null =>
  tvTimePart(header) ?? netflixPart(header);

export function csvFormat(
  file: string,
  header: string[],
  choice: ListChoice | undefined,
  inZip: boolean,
): CsvFormat {
  const has = (name: string) => header.includes(name);
  const missing = (required: string[]) => required.filter((name) => !has(name));
  const check = (kind: ImportRowKind, source: "letterboxd" | "imdb", required: string[]) => {
    const absent = missing(required);
    return absent.length === 0
      ? { kind, source }
      : { refusal: `${file} dosyasında şu sütunlar eksik: ${absent.join(", ")}.` };
  };

  const tvTime = tvTimePart(header);
  if (tvTime) {
    const absent = tvTimeMissing(tvTime, header);
    return absent.length === 0
      ? { kind: "episode", source: "tvtime", part: tvTime }
      : { refusal: `${file} dosyasında şu sütunlar eksik: ${absent.join(", ")}.` };
  }
  const netflix = netflixPart(header);
  if (netflix) return { kind: "episode", source: "netflix", part: netflix };
  if (has("Const")) {
    if (has("Your Rating")) return check("imdb-rating", "imdb", IMDB_REQUIRED["imdb-rating"]!);
    return check("imdb-list", "imdb", IMDB_REQUIRED["imdb-list"]!);
  }
  if (has("Letterboxd URI")) {
    if (has("Review")) return check("review", "letterboxd", LETTERBOXD_REQUIRED.review!);
    if (has("Watched Date")) return check("diary", "letterboxd", LETTERBOXD_REQUIRED.diary!);
    if (has("Rating")) return check("rating", "letterboxd", LETTERBOXD_REQUIRED.rating!);
    // watched.csv and watchlist.csv share this header: never guess which one it is.
    const list = listOfName(file) ?? (inZip ? null : (choice ?? null));
    if (!list)
      return {
        refusal:
          "Bu Letterboxd listesinin izlediklerinizi mi, izleyeceklerinizi mi tuttuğu anlaşılamadı. Lütfen aşağıdan seçip yeniden yükleyin.",
        askListKind: !inZip,
      };
    return check(list, "letterboxd", LETTERBOXD_REQUIRED[list]!);
  }
  return {
    refusal: `${file} tanınmadı: ilk satırındaki sütunlar (${shownHeader(header)}) Letterboxd, IMDb, TV Time ya da Netflix dışa aktarımının sütunları değil.`,
  };
}

/** A header as a message names it: its first columns, at most 120 characters. */
function shownHeader(header: string[]): string {
  const text = header.slice(0, 8).join(", ") + (header.length > 8 ? ", …" : "");
  return [...text].length > 120 ? `${[...text].slice(0, 119).join("")}…` : text || "boş";
}

const EPISODE_REASON = "Dizi bölümü: bölümler içe aktarılmıyor, yalnızca filmler ve diziler.";

/** IMDb's Title Type, in either spelling ("tvSeries" or "TV Series"). */
function imdbMediaType(raw: string): "movie" | "tv" | { reason: string } {
  const type = raw.toLowerCase().replace(/[\s_-]+/g, "");
  if (["movie", "tvmovie", "video", "short", "tvshort", "tvspecial"].includes(type)) return "movie";
  if (["tvseries", "tvminiseries"].includes(type)) return "tv";
  if (type === "tvepisode") return { reason: EPISODE_REASON };
  return { reason: `Bu tür içe aktarılmıyor: “${raw || "boş"}”.` };
}

const title = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { error: "Film adı boş." })
      .max(500, { error: "Film adı 500 karakterden uzun." }),
  );
const year = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{4}$/.test(value), { error: "Yıl geçersiz." })
  .transform((value) => (value === "" ? null : Number(value)))
  .refine((value) => value === null || (value >= 1870 && value <= 2100), {
    error: "Yıl geçersiz.",
  });
/** Letterboxd's 0.5-5 stars, doubled to the site's 1-10; empty is no rating. */
const stars = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d(\.\d)?$/.test(value), { error: "Puan geçersiz." })
  .transform((value) => (value === "" ? undefined : Number(value) * 2))
  .refine(
    (value) => value === undefined || (Number.isInteger(value) && value >= 1 && value <= 10),
    { error: "Puan 0,5 ile 5 yıldız arasında olmalı." },
  );
const imdbRating = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, { error: "Puan 1 ile 10 arasında olmalı." })
  .transform(Number)
  .refine((value) => value >= 1 && value <= 10, { error: "Puan 1 ile 10 arasında olmalı." });
const imdbId = z
  .string()
  .trim()
  .regex(/^tt\d{7,10}$/, { error: "IMDb kimliği geçersiz." });
const uri = z
  .string()
  .trim()
  .min(1, { error: "Letterboxd adresi boş." })
  .max(300, { error: "Letterboxd adresi geçersiz." });
type Cells = Record<string, string>;

/**
 * The rules a file's rows are read with. A diary row (diary.csv, reviews.csv) follows the
 * diary's own form (app/history/schemas.ts): no watch in the future (after `today`, Istanbul's
 * day when the file is read), tags of at most 30 characters and at most 20 of them.
 */
export interface RowRules {
  today: string;
  diary: ReturnType<typeof diaryEntrySchema>;
  occurrences: Map<string, number>;
  /** What TV Time's files say across files (dates of undated episodes). */
  tvTime: TvTimeState;
  netflix: NetflixState;
}

export const rowRules = (today: string): RowRules => ({
  today,
  diary: diaryEntrySchema(today),
  occurrences: new Map(),
  tvTime: tvTimeState(),
  netflix: netflixState(),
});

/** The first problem of a row, in Turkish, or its kind and checked fields. */
export function readRow(format: KnownFormat, cells: Cells, rules: RowRules): PartRow {
  try {
    if (format.part?.startsWith("netflix"))
      return readNetflixRow(format.part as NetflixPart, cells, rules.netflix, rules.today);
    if (format.part)
      return readTvTimeRow(format.part as TvTimePart, cells, rules.tvTime, rules.today);
    return { kind: format.kind, fields: fieldsOf(format.kind, cells, rules) };
  } catch (error) {
    if (error instanceof z.ZodError) return { reason: error.issues[0]!.message };
    if (error instanceof RowRefused) return { reason: error.message };
    throw error;
  }
}

class RowRefused extends Error {}

function fieldsOf(kind: ImportRowKind, cells: Cells, rules: RowRules): ImportRowFields {
  const cell = (name: string) => cells[name] ?? "";
  if (kind === "imdb-rating" || kind === "imdb-list") {
    const mediaType = imdbMediaType(cell("Title Type"));
    if (typeof mediaType === "object") throw new RowRefused(mediaType.reason);
    const original = cell("Original Title").trim();
    return {
      title: title.parse(cell("Title")),
      ...(original ? { originalTitle: original } : {}),
      year: year.parse(cell("Year")),
      imdbId: imdbId.parse(cell("Const")),
      mediaType,
      ...(kind === "imdb-rating" ? { rating: imdbRating.parse(cell("Your Rating")) } : {}),
    };
  }
  const base = { title: title.parse(cell("Name")), year: year.parse(cell("Year")) };
  uri.parse(cell("Letterboxd URI"));
  if (kind === "watched" || kind === "watchlist") return base;
  const rating = stars.parse(cell("Rating"));
  if (kind === "rating") {
    if (rating === undefined) throw new RowRefused("Puan boş.");
    return { ...base, rating };
  }
  // A diary entry (diary.csv, reviews.csv), checked by the diary's own rules. Its words are
  // checked when written: a review that does not fit is kept as the rating alone, with a note.
  const checked = rules.diary.safeParse({
    watchedOn: cell("Watched Date") || cell("Date"),
    rating: rating === undefined ? "" : String(rating),
    review: null,
    rewatch: /^(yes|true|1)$/i.test(cell("Rewatch").trim()) ? "1" : "",
    // reviews.csv's tags are diary.csv's to say (the same watch): only diary.csv's are kept.
    tags: kind === "diary" ? cell("Tags") : "",
  });
  if (!checked.success) throw new RowRefused(checked.error.issues[0]!.message);
  const { watchedOn, rewatch, tags } = checked.data;
  // The same watch in both files has the same URI and date; the count tells two logs of one
  // film on one day apart.
  const identity = `${uri.parse(cell("Letterboxd URI"))}:${watchedOn}`;
  const seen = (rules.occurrences.get(identity) ?? 0) + 1;
  rules.occurrences.set(identity, seen);
  const review = cell("Review").trim();
  return {
    ...base,
    ...(rating === undefined ? {} : { rating }),
    watchedOn,
    rewatch,
    tags,
    ...(kind === "review" ? { review } : {}),
    diaryKey: `lb-diary:${identity}:${seen}`,
  };
}

/** A Letterboxd URI as a key: no spaces, no trailing slash, the host in lower case. */
export function letterboxdUri(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, "");
  return trimmed.replace(/^https?:\/\/[^/]+/i, (origin) => origin.toLowerCase());
}

const position = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { error: "Sıra numarası geçersiz." })
  .transform(Number)
  .refine((value) => value >= 1, { error: "Sıra numarası geçersiz." });

/**
 * A film of a Letterboxd list (lists/*.csv) or of likes/films.csv: its name, year, place and
 * note (a list's Description column; the lists' notes are at most 280 characters, longer ones
 * are cut and reported by the list).
 */
export function listEntry(cells: {
  name: string;
  year: string;
  position: string;
  note: string;
}): { fields: ImportRowFields } | { reason: string } {
  const checked = z
    .object({ title, year, position, note: z.string().transform((value) => value.trim()) })
    .safeParse({ title: cells.name, year: cells.year, position: cells.position, note: cells.note });
  if (!checked.success) return { reason: checked.error.issues[0]!.message };
  const { note, ...fields } = checked.data;
  return { fields: { ...fields, ...(note ? { note } : {}) } };
}
