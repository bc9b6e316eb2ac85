import type { ImportRowFields, ImportRowKind } from "~/db/import-schema";
import { searchText } from "~/core/text";

/*
 * TV Time's GDPR export (a ZIP of CSV files; the service closed on 15 July 2026), told apart by
 * each file's header, whatever its name (docs/decisions/037-tv-time-and-netflix-imports.md):
 * - episodes (`tracking-prod-records-v2.csv`: s_id, ep_id/episode_id, season_number,
 *   episode_number, series_name, created_at), or the older variant (tv_show_name,
 *   episode_season_number, episode_number, updated_at/created_at);
 * - `watched_on_episode.csv` (watched_on_source_id, episode_id, created_at): dates of episodes
 *   the tracking file leaves undated;
 * - films (`tracking-prod-records.csv`: type watch/towatch, movie_name, release_date,
 *   watch_date);
 * - series (`user_tv_show_data.csv`: tv_show_name, tv_show_id, is_followed, is_favorited);
 * - episode votes (`vote_key`): not imported, the meaning of vote_key is documented nowhere.
 * Series and episode ids are TheTVDB's.
 */

export type TvTimePart =
  "tvtime-episodes" | "tvtime-watched-on" | "tvtime-movies" | "tvtime-shows" | "tvtime-votes";

/** The TV Time file a header is, or null when it is none of them. */
export function tvTimePart(header: string[]): TvTimePart | null {
  const has = (...names: string[]) => names.every((name) => header.includes(name));
  if (has("vote_key")) return "tvtime-votes";
  if (has("watched_on_source_id", "episode_id")) return "tvtime-watched-on";
  if (has("movie_name", "type")) return "tvtime-movies";
  if (has("tv_show_name", "is_followed")) return "tvtime-shows";
  if (has("series_name", "season_number", "episode_number")) return "tvtime-episodes";
  if (has("tv_show_name", "episode_season_number", "episode_number")) return "tvtime-episodes";
  return null;
}

/** Columns a part cannot do without (either spelling of a column counts). */
const REQUIRED: Record<TvTimePart, string[][]> = {
  "tvtime-episodes": [
    ["series_name", "tv_show_name"],
    ["season_number", "episode_season_number"],
    ["episode_number"],
  ],
  "tvtime-watched-on": [["episode_id"], ["created_at", "updated_at"]],
  "tvtime-movies": [["type"], ["movie_name"]],
  "tvtime-shows": [["tv_show_name"], ["is_followed"]],
  "tvtime-votes": [],
};

/** The columns missing from a TV Time file's header, by their first name. */
export const tvTimeMissing = (part: TvTimePart, header: string[]) =>
  REQUIRED[part]
    .filter((names) => !names.some((name) => header.includes(name)))
    .map((names) => names[0]!);

export const TV_TIME_VOTES_SKIPPED =
  "TV Time'ın bölüm oyları (ratings-3-prod-episode_votes.csv) içe aktarılmadı: vote_key sütununun ne anlama geldiği hiçbir yerde açıklanmıyor, puanınızı tahmin etmek istemedik.";

/** What TV Time's files say beyond their rows: dates of episodes, kept until every file is read. */
export interface TvTimeState {
  /** watched_on_episode.csv: an episode's id → when it was watched (ISO). */
  watchedOn: Map<string, string>;
  /** Episode rows without a date, by their episode id, dated from watchedOn at the end. */
  undated: Map<ImportRowFields, string>;
}

export const tvTimeState = (): TvTimeState => ({ watchedOn: new Map(), undated: new Map() });

export type PartRow =
  | { kind: ImportRowKind; fields: ImportRowFields }
  | { reason: string }
  /** A row that says nothing to import (a series neither followed nor a favourite). */
  | { ignore: true };

const FUTURE = "İzleme tarihi gelecekte olamaz.";
const BAD_DATE = "Tarih okunamadı.";

/**
 * A TV Time timestamp ("2019-03-04 21:13:44", UTC unless it says otherwise) as ISO 8601; null
 * when empty; a reason when unreadable or later than `today` (Istanbul's day).
 */
export function tvTimeInstant(raw: string, today: string): string | null | { reason: string } {
  const value = raw.trim();
  if (value === "") return null;
  const match =
    /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|UTC|[+-]\d{2}:?\d{2})?)?$/i.exec(
      value,
    );
  if (!match) return { reason: BAD_DATE };
  const zone = !match[3] || /^(z|utc)$/i.test(match[3]) ? "Z" : match[3];
  const date = new Date(`${match[1]}T${match[2] ?? "12:00:00"}${zone}`);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900) return { reason: BAD_DATE };
  // A day after today in any zone is refused; a few hours' difference is Istanbul's.
  if (match[1]! > today) return { reason: FUTURE };
  return date.toISOString();
}

const yes = (value: string) => /^(1|true|t|yes|y)$/i.test(value.trim());

const positiveId = (value: string): number | undefined => {
  const trimmed = value.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return id > 0 ? id : undefined;
};

const seriesKeyOf = (tvdb: number | undefined, name: string) =>
  tvdb ? `tvtime:${tvdb}` : `tvtime-name:${searchText(name)}`;

/** One row of a TV Time file, read by its part. */
export function readTvTimeRow(
  part: TvTimePart,
  cells: Record<string, string>,
  state: TvTimeState,
  today: string,
): PartRow {
  const cell = (...names: string[]) => {
    for (const name of names) if (cells[name] !== undefined) return cells[name]!;
    return "";
  };
  switch (part) {
    case "tvtime-votes":
      return { ignore: true };
    case "tvtime-watched-on": {
      const id = cell("episode_id").trim();
      const at = tvTimeInstant(cell("created_at", "updated_at"), today);
      if (!id || at === null || typeof at === "object") return { ignore: true };
      const known = state.watchedOn.get(id);
      if (!known || at < known) state.watchedOn.set(id, at);
      return { ignore: true };
    }
    case "tvtime-episodes": {
      const name = cell("series_name", "tv_show_name").trim();
      if (!name) return { reason: "Dizi adı boş." };
      if (name.length > 500) return { reason: "Dizi adı 500 karakterden uzun." };
      const season = cell("season_number", "episode_season_number").trim();
      const number = cell("episode_number").trim();
      if (!/^\d{1,4}$/.test(season)) return { reason: "Sezon numarası geçersiz." };
      if (!/^\d{1,5}$/.test(number) || Number(number) === 0)
        return { reason: "Bölüm numarası geçersiz." };
      const at = tvTimeInstant(cell("created_at", "updated_at"), today);
      if (at !== null && typeof at === "object") return at;
      const tvdb = positiveId(cell("s_id", "tv_show_id"));
      const fields: ImportRowFields = {
        title: name,
        year: null,
        ...(tvdb ? { ids: { tvdb } } : {}),
        seriesKey: seriesKeyOf(tvdb, name),
        season: Number(season),
        episode: Number(number),
        ...(at ? { watchedAt: at } : {}),
      };
      const episodeId = cell("episode_id", "ep_id").trim();
      if (!at && episodeId) state.undated.set(fields, episodeId);
      return { kind: "episode", fields };
    }
    case "tvtime-movies": {
      const title = cell("movie_name").trim();
      if (!title) return { reason: "Film adı boş." };
      if (title.length > 500) return { reason: "Film adı 500 karakterden uzun." };
      const entity = cell("entity_type").trim().toLowerCase();
      if (entity && entity !== "movie") return { ignore: true };
      const released = /^(\d{4})/.exec(cell("release_date").trim());
      const year = released ? Number(released[1]) : null;
      const base = { title, year: year && year >= 1870 && year <= 2100 ? year : null };
      const type = cell("type").trim().toLowerCase();
      if (type === "towatch") return { kind: "watchlist", fields: base };
      if (type !== "watch") return { reason: `Bilinmeyen kayıt türü: “${type || "boş"}”.` };
      const at = tvTimeInstant(cell("watch_date"), today);
      if (at !== null && typeof at === "object") return at;
      if (!at) return { kind: "watched", fields: base };
      // A dated watch is a diary entry of that day (Istanbul's).
      const day = istanbulDay(at);
      return {
        kind: "diary",
        fields: {
          ...base,
          watchedOn: day,
          rewatch: false,
          tags: [],
          diaryKey: `tvtime-film:${searchText(title)}:${base.year ?? ""}:${day}`,
        },
      };
    }
    case "tvtime-shows": {
      const name = cell("tv_show_name").trim();
      if (!name) return { reason: "Dizi adı boş." };
      if (name.length > 500) return { reason: "Dizi adı 500 karakterden uzun." };
      const followed = yes(cell("is_followed"));
      const favourite = yes(cell("is_favorited"));
      if (!followed && !favourite) return { ignore: true };
      const tvdb = positiveId(cell("tv_show_id"));
      return {
        kind: "series-status",
        fields: {
          title: name,
          year: null,
          ...(tvdb ? { ids: { tvdb } } : {}),
          seriesKey: seriesKeyOf(tvdb, name),
          ...(followed ? { status: "watching" as const } : {}),
          ...(favourite ? { favourite: true } : {}),
        },
      };
    }
  }
}

/** The day in Istanbul of an instant (ISO 8601). */
export function istanbulDay(iso: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Istanbul",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
}

/** Once every file is read: dates from watched_on_episode.csv for episodes left undated. */
export function finishTvTime(state: TvTimeState) {
  for (const [fields, episodeId] of state.undated) {
    const at = state.watchedOn.get(episodeId);
    if (at) fields.watchedAt = at;
  }
  state.undated.clear();
}

/**
 * The same episode watched more than once in a file: each later watch (by date, undated last)
 * counts the earlier ones, so the mark keeps the first date and how often it was seen again.
 */
export function countRewatches(rows: { kind: ImportRowKind; fields: ImportRowFields }[]) {
  const byEpisode = new Map<string, ImportRowFields[]>();
  for (const row of rows) {
    if (row.kind !== "episode") continue;
    const { seriesKey, season, episode, episodeTitle } = row.fields;
    const key = `${seriesKey}|${season ?? ""}|${episode ?? searchText(episodeTitle ?? "")}`;
    const seen = byEpisode.get(key);
    if (seen) seen.push(row.fields);
    else byEpisode.set(key, [row.fields]);
  }
  const when = (fields: ImportRowFields) => fields.watchedAt ?? fields.watchedOn ?? "~";
  for (const watches of byEpisode.values()) {
    if (watches.length < 2) continue;
    watches.sort((a, b) => (when(a) < when(b) ? -1 : when(a) > when(b) ? 1 : 0));
    watches.forEach((fields, index) => {
      if (index > 0) fields.rewatches = index;
    });
  }
}
