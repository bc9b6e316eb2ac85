import type { Readable } from "node:stream";
import { istanbulDay } from "~/core/clock.server";
import { giveWay } from "~/core/give-way.server";
import type { ImportRowFields, ImportRowKind } from "~/db/import-schema";
import { jsonArrayItems, JsonShapeError } from "./json-items.server";

/*
 * Trakt's data export (decision 038): a ZIP of JSON files, each one array. What each file
 * becomes:
 * - watched-history[-N].json: every watch, dated (a film's is a diary entry of its Istanbul day,
 *   keyed by Trakt's history id, so importing again writes it once; a film watched before is a
 *   rewatch). watched-movies.json keeps only the latest watch of each film: read only when the
 *   ZIP has no history file, as undated İzledim marks.
 * - ratings-movies.json, ratings-shows.json: Puanım (1-10, as Trakt has it). ratings-seasons.json:
 *   Perde has one rating per title and none per season, so each is reported and not written.
 * - lists-watchlist[-N].json: İzleyeceğim. lists-lists.json names the lists, whose items are in
 *   lists-list-<id>-<slug>.json: private Perde lists with their order and notes.
 * - comments-movies.json, comments-shows.json: the person's review of the title.
 * Titles are matched by ids.tmdb, then ids.imdb, then the title and year. Any other file of the
 * export (collections, watched-shows.json, the profile…) is not read. A file whose shape is not
 * the expected one is refused as a whole, naming it.
 */

export type TraktFile =
  | { kind: "history" | "watched-movies" | "watchlist" | "lists-meta" | "comments" }
  | { kind: "ratings"; of: "movies" | "shows" | "seasons" | "episodes" }
  | { kind: "list"; id: string; slug: string };

/** What a file of Trakt's export holds, by its name; null for a file not read. */
export function traktFileOf(name: string): TraktFile | null {
  if (/^watched-history(-\d+)?\.json$/.test(name)) return { kind: "history" };
  if (name === "watched-movies.json") return { kind: "watched-movies" };
  if (/^lists-watchlist(-\d+)?\.json$/.test(name)) return { kind: "watchlist" };
  if (name === "lists-lists.json") return { kind: "lists-meta" };
  const list = /^lists-list-(\d{1,12})-(.{1,150})\.json$/.exec(name);
  if (list) return { kind: "list", id: list[1]!, slug: list[2]! };
  const ratings = /^ratings-(movies|shows|seasons|episodes)\.json$/.exec(name);
  if (ratings) return { kind: "ratings", of: ratings[1] as "movies" };
  if (/^comments-(movies|shows)(-\d+)?\.json$/.test(name)) return { kind: "comments" };
  return null;
}

export interface TraktRow {
  file: string;
  line: number;
  kind: ImportRowKind;
  fields: ImportRowFields;
}

/** Where the rows go (the reader's target in read-upload.server.ts). */
export interface TraktSink {
  rows: TraktRow[];
  badRows: { file: string; line: number; reason: string }[];
  budget: { rows: number };
  onProgress?: () => Promise<void>;
  /** Istanbul's day when the file is read: no watch may be later. */
  today: string;
  /** The request's glance: only each file's first element is looked at. */
  headersOnly: boolean;
}

/** What the export's files tell each other, kept until every file is read. */
export interface TraktState {
  lists: Map<string, { name: string; description: string | null }>;
  /** List items wait for their list's name (lists-lists.json may come later in the ZIP). */
  listRows: (TraktRow & { listId: string; slug: string })[];
  /** watched-movies.json's rows, used only when no history file was read. */
  watchedMovies: TraktRow[];
  sawHistory: boolean;
  sawAny: boolean;
}

export const traktState = (): TraktState => ({
  lists: new Map(),
  listRows: [],
  watchedMovies: [],
  sawHistory: false,
  sawAny: false,
});

/** Rows between two turns given to the rest of the server. */
const ROWS_PER_TURN = 250;
const ROW_LIMIT_MESSAGE =
  "Dosyada 50.000'den fazla satır var. Lütfen daha küçük bir dosya yükleyin.";

const SEASON_RATING_REASON =
  "Sezon puanı: Perde'de sezonlara ayrı puan verilmiyor; dizinin kendi puanı ratings-shows.json'dan alınır.";
const EPISODE_RATING_REASON =
  "Bölüm puanı: Trakt'tan bölüm puanları henüz içe aktarılmıyor; izlediğiniz bölümler geçmişten gelir.";
const EPISODE_REASON = "Bölüm: yalnızca izleme geçmişindeki bölümler içe aktarılır.";
const NOT_A_TITLE = "Film ya da dizi değil (sezon, bölüm ya da kişi): içe aktarılmadı.";

class TraktRowRefused extends Error {}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const positiveInt = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value < 2_147_483_647
    ? value
    : undefined;

/** The film or series an entry names, with its ids, title and year. */
function titleOf(entry: Json): ImportRowFields & { mediaType: "movie" | "tv" } {
  const type = typeof entry.type === "string" ? entry.type : entry.movie ? "movie" : "show";
  if (type === "episode") throw new TraktRowRefused(EPISODE_REASON);
  if (type !== "movie" && type !== "show") throw new TraktRowRefused(NOT_A_TITLE);
  const media = type === "movie" ? entry.movie : entry.show;
  if (!isObject(media)) throw new TraktRowRefused(NOT_A_TITLE);
  const ids = isObject(media.ids) ? media.ids : {};
  const tmdbId = positiveInt(ids.tmdb);
  const tvdbId = positiveInt(ids.tvdb);
  const imdbId =
    typeof ids.imdb === "string" && /^tt\d{7,10}$/.test(ids.imdb) ? ids.imdb : undefined;
  const rawTitle = typeof media.title === "string" ? media.title.trim() : "";
  const year =
    typeof media.year === "number" &&
    Number.isInteger(media.year) &&
    media.year >= 1870 &&
    media.year <= 2100
      ? media.year
      : null;
  if (!rawTitle && tmdbId === undefined && imdbId === undefined)
    throw new TraktRowRefused("Yapımın adı da kimliği de yok.");
  return {
    title: [...(rawTitle || `Trakt: ${String(ids.slug ?? ids.trakt ?? "?")}`)]
      .slice(0, 500)
      .join(""),
    year,
    mediaType: type === "movie" ? "movie" : "tv",
    ...(imdbId !== undefined ? { imdbId } : {}),
    ids: {
      ...(tmdbId !== undefined ? { tmdb: tmdbId } : {}),
      ...(tvdbId !== undefined ? { tvdb: tvdbId } : {}),
      ...(imdbId !== undefined ? { imdb: imdbId } : {}),
    },
  };
}

/**
 * A watched episode of the history: an episode mark of the series (Trakt's show ids, then its
 * season and number; season 0 holds specials), at the instant Trakt says. The same episode twice
 * is one mark with a rewatch (countRewatches).
 */
function episodeOf(entry: Json): Omit<TraktRow, "file" | "line"> {
  const show = isObject(entry.show) ? entry.show : null;
  const episode = isObject(entry.episode) ? entry.episode : null;
  if (!show || !episode) throw new TraktRowRefused("Bölümün dizisi ya da numarası yok.");
  const series = titleOf({ type: "show", show });
  const season = episode.season;
  const number = episode.number;
  if (typeof season !== "number" || !Number.isInteger(season) || season < 0 || season > 9999)
    throw new TraktRowRefused("Sezon numarası geçersiz.");
  if (typeof number !== "number" || !Number.isInteger(number) || number < 1 || number > 99999)
    throw new TraktRowRefused("Bölüm numarası geçersiz.");
  const at = typeof entry.watched_at === "string" ? Date.parse(entry.watched_at) : Number.NaN;
  const ids = isObject(show.ids) ? show.ids : {};
  return {
    kind: "episode",
    fields: {
      ...series,
      seriesKey: `trakt:${String(ids.trakt ?? ids.tmdb ?? ids.tvdb ?? series.title)}`,
      season,
      episode: number,
      ...(Number.isNaN(at) ? {} : { watchedAt: new Date(at).toISOString() }),
    },
  };
}

/** A Trakt date ("2024-03-05T21:14:00.000Z") as Istanbul's day; null when it is none. */
function dayOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : istanbulDay(time);
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The keys an element of each file must have one of; none of them means another file. */
const SHAPES: Record<TraktFile["kind"], string[]> = {
  history: ["watched_at", "movie", "episode"],
  "watched-movies": ["movie", "last_watched_at"],
  watchlist: ["movie", "show", "season", "episode", "person", "listed_at"],
  list: ["movie", "show", "season", "episode", "person", "listed_at"],
  ratings: ["rating"],
  "lists-meta": ["ids", "name"],
  comments: ["comment"],
};

const shapeRefusal = (file: string) =>
  `${file} tanınmadı: Trakt dışa aktarımındaki biçimde değil. Lütfen Trakt'tan indirdiğiniz ZIP dosyasını değiştirmeden yükleyin. Hiçbir şey içe aktarılmadı.`;

/** One element of a file as a row (or a bad row's reason). */
function rowOf(role: TraktFile, entry: Json, sink: TraktSink): Omit<TraktRow, "file" | "line"> {
  switch (role.kind) {
    case "history": {
      if (entry.type === "episode") return episodeOf(entry);
      const fields = titleOf(entry);
      const watchedOn = dayOf(entry.watched_at);
      if (watchedOn === null) return { kind: "watched", fields };
      if (watchedOn > sink.today) throw new TraktRowRefused("İzleme tarihi gelecekte.");
      const id = positiveInt(entry.id) ?? null;
      if (id === null) throw new TraktRowRefused("İzlemenin Trakt kimliği yok.");
      return {
        kind: "diary",
        fields: {
          ...fields,
          watchedOn,
          rewatch: false,
          tags: [],
          diaryKey: `trakt:history:${id}`,
        },
      };
    }
    case "watched-movies":
      return { kind: "watched", fields: titleOf({ ...entry, type: "movie" }) };
    case "watchlist":
      return { kind: "watchlist", fields: titleOf(entry) };
    case "ratings": {
      if (role.of === "seasons" || entry.type === "season")
        throw new TraktRowRefused(SEASON_RATING_REASON);
      if (role.of === "episodes" || entry.type === "episode")
        throw new TraktRowRefused(EPISODE_RATING_REASON);
      const fields = titleOf(entry);
      const rating = entry.rating;
      if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 10)
        throw new TraktRowRefused("Puan 1 ile 10 arasında olmalı.");
      return { kind: "rating", fields: { ...fields, rating } };
    }
    case "comments": {
      const fields = titleOf(entry);
      const words = isObject(entry.comment) ? text(entry.comment.comment) : text(entry.comment);
      if (!words) throw new TraktRowRefused("Yorum boş.");
      return { kind: "comment", fields: { ...fields, review: words } };
    }
    case "list": {
      const fields = titleOf(entry);
      const note = text(entry.notes);
      return { kind: "list-item", fields: { ...fields, ...(note ? { note } : {}) } };
    }
    case "lists-meta":
      // Read by readTraktFile itself.
      throw new TraktRowRefused("");
  }
}

/** Reads one file of Trakt's export into the sink (or its list names into the state). */
export async function readTraktFile(
  file: string,
  role: TraktFile,
  stream: Readable,
  sink: TraktSink,
  state: TraktState,
  refuse: (message: string) => Error,
): Promise<void> {
  state.sawAny = true;
  if (role.kind === "history") state.sawHistory = true;
  let line = 0;
  try {
    for await (const element of jsonArrayItems(stream)) {
      line++;
      if (!isObject(element) || !SHAPES[role.kind].some((key) => key in element))
        throw refuse(shapeRefusal(file));
      if (sink.headersOnly) break;
      if (line % ROWS_PER_TURN === 0) {
        await giveWay();
        await sink.onProgress?.();
      }
      if (role.kind === "lists-meta") {
        const ids = isObject(element.ids) ? element.ids : {};
        const id = positiveInt(ids.trakt);
        const name = text(element.name);
        const description = text(element.description);
        if (id !== undefined && name)
          state.lists.set(String(id), { name, description: description || null });
        continue;
      }
      if (--sink.budget.rows < 0) throw refuse(ROW_LIMIT_MESSAGE);
      try {
        const row = { file, line, ...rowOf(role, element, sink) };
        if (role.kind === "list") {
          const rank = positiveInt(element.rank) ?? line;
          state.listRows.push({
            ...row,
            fields: { ...row.fields, position: rank },
            listId: role.id,
            slug: role.slug,
          });
        } else if (role.kind === "watched-movies") state.watchedMovies.push(row);
        else sink.rows.push(row);
      } catch (error) {
        if (!(error instanceof TraktRowRefused)) throw error;
        sink.badRows.push({ file, line, reason: error.message });
      }
    }
  } catch (error) {
    if (error instanceof JsonShapeError) throw refuse(shapeRefusal(file));
    throw error;
  } finally {
    stream.destroy();
  }
}

/** A list's name from its slug when lists-lists.json does not name it ("en-iyiler" → "en iyiler"). */
const nameOfSlug = (slug: string) => slug.replace(/[-_]+/g, " ").trim() || "Trakt listesi";

/**
 * Once every file is read: list items get their list (its name from lists-lists.json), films
 * seen before in the history are rewatches, and watched-movies.json counts only without history.
 */
export function finishTrakt(state: TraktState, sink: TraktSink) {
  for (const { listId, slug, ...row } of state.listRows) {
    const named = state.lists.get(listId);
    sink.rows.push({
      ...row,
      fields: {
        ...row.fields,
        list: {
          key: `trakt:list:${listId}`,
          name: named?.name ?? nameOfSlug(slug),
          description: named?.description ?? null,
        },
      },
    });
  }
  if (!state.sawHistory) sink.rows.push(...state.watchedMovies);
  // A film's first watch in the history is the first; every later one is a rewatch.
  const watches = sink.rows.filter((row) => row.kind === "diary" && row.fields.diaryKey);
  const identity = (fields: ImportRowFields) =>
    fields.ids?.tmdb !== undefined
      ? `tmdb:${fields.ids.tmdb}`
      : (fields.imdbId ?? `${fields.title}:${fields.year ?? ""}`);
  const byTitle = new Map<string, TraktRow[]>();
  for (const row of watches) {
    const key = identity(row.fields);
    const same = byTitle.get(key);
    if (same) same.push(row);
    else byTitle.set(key, [row]);
  }
  for (const rows of byTitle.values()) {
    rows.sort((a, b) => a.fields.watchedOn!.localeCompare(b.fields.watchedOn!));
    rows.slice(1).forEach((row) => (row.fields.rewatch = true));
  }
}
