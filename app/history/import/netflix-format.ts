import type { ImportRowFields } from "~/db/import-schema";
import { searchText } from "~/core/text";
import { istanbulDay, type PartRow } from "./tvtime-format";

/*
 * Netflix's files (docs/decisions/037-tv-time-and-netflix-imports.md), told apart by header:
 * - the viewing-activity download (`Title,Date`), dates in the account's locale, decided from the
 *   whole file once it is read (`15.05.2021`, `5/15/21` or `15/5/21`; a file that could be
 *   either is refused);
 * - the full archive's `ViewingActivity.csv` (Title, Start Time in UTC, Profile Name,
 *   Supplemental Video Type: trailers and previews are passed over), `MyList.csv` (Title Name,
 *   Profile Name: İzleyeceğim) and `Ratings.csv` (thumbs: not imported, reported).
 * A title is "Dizi: Sezon 1: Bölüm Adı", "Dizi: 1. Sezon: 3. Bölüm", "Series: Season 2: Episode
 * 4" (a series' episode), or a film's bare title. Netflix gives no year: a title is sure only
 * when one title of the catalogue bears that name.
 */

export type NetflixPart =
  "netflix-activity" | "netflix-viewing" | "netflix-mylist" | "netflix-ratings";

export function netflixPart(header: string[]): NetflixPart | null {
  const has = (...names: string[]) => names.every((name) => header.includes(name));
  if (has("Title Name", "Thumbs Value")) return "netflix-ratings";
  // InteractiveTitles.csv has these two columns too, with its choices (Selection).
  if (has("Title Name", "Profile Name") && !has("Selection") && header.length <= 5)
    return "netflix-mylist";
  if (has("Title", "Start Time")) return "netflix-viewing";
  if (has("Title", "Date") && header.length <= 3 && !has("Letterboxd URI"))
    return "netflix-activity";
  return null;
}

export const NETFLIX_RATINGS_SKIPPED =
  "Netflix puanları (Ratings.csv) içe aktarılmadı: başparmak oyları (beğenmedim, beğendim, çok beğendim) 1-10 arası bir puana karşılık gelmiyor; puanınızı tahmin etmek istemedik.";

export interface NetflixState {
  /** The viewing-activity download's dates as written, read once the whole file is seen. */
  rawDates: Map<ImportRowFields, string>;
  /** The archive's profiles, and the rows of each (only the chosen one's are kept). */
  profiles: Map<string, Set<ImportRowFields>>;
}

export const netflixState = (): NetflixState => ({ rawDates: new Map(), profiles: new Map() });

const SEASON = [
  /^(?:sezon|season|series|temporada|staffel|saison)\s+(\d{1,3})$/i,
  /^(\d{1,3})\.\s*sezon$/i,
];
const LIMITED = /^(?:mini dizi|limited series|miniseries|kısa dizi)$/i;
const EPISODE = [/^(?:bölüm|episode|chapter|bolum)\s+(\d{1,4})$/i, /^(\d{1,4})\.\s*bölüm$/i];

/** A viewing line's title: a series' episode, or a film. */
function netflixTitle(
  raw: string,
): { film: string } | { series: string; season: number; episode?: number; episodeTitle?: string } {
  const parts = raw.split(": ").map((part) => part.trim());
  for (let index = 1; index < parts.length - 1; index++) {
    const part = parts[index]!;
    const season = SEASON.map((pattern) => pattern.exec(part)).find(Boolean);
    if (!season && !LIMITED.test(part)) continue;
    const series = parts.slice(0, index).join(": ");
    const rest = parts.slice(index + 1).join(": ");
    const number = EPISODE.map((pattern) => pattern.exec(rest)).find(Boolean);
    return {
      series,
      season: season ? Number(season[1]) : 1,
      ...(number ? { episode: Number(number[1]) } : { episodeTitle: rest }),
    };
  }
  return { film: raw.trim() };
}

function rowOf(title: string, when: { watchedAt?: string; watchedOn?: string }): PartRow {
  const parsed = netflixTitle(title);
  if ("film" in parsed) {
    const day = when.watchedOn ?? (when.watchedAt ? istanbulDay(when.watchedAt) : undefined);
    return {
      kind: "diary",
      fields: {
        title: parsed.film,
        year: null,
        noYear: true,
        watchedOn: day ?? "",
        rewatch: false,
        tags: [],
        diaryKey: `netflix:${searchText(parsed.film)}:${day ?? ""}`,
      },
    };
  }
  return {
    kind: "episode",
    fields: {
      title: parsed.series,
      year: null,
      noYear: true,
      seriesKey: `netflix:${searchText(parsed.series)}`,
      season: parsed.season,
      ...(parsed.episode !== undefined ? { episode: parsed.episode } : {}),
      ...(parsed.episodeTitle ? { episodeTitle: parsed.episodeTitle } : {}),
      ...when,
    },
  };
}

export function readNetflixRow(
  part: NetflixPart,
  cells: Record<string, string>,
  state: NetflixState,
  today: string,
): PartRow {
  const cell = (name: string) => (cells[name] ?? "").trim();
  const title = cell(
    part === "netflix-activity" || part === "netflix-viewing" ? "Title" : "Title Name",
  );
  if (part === "netflix-ratings") return { ignore: true };
  if (!title) return { reason: "Başlık boş." };
  if (title.length > 500) return { reason: "Başlık 500 karakterden uzun." };
  const profile = (row: PartRow) => {
    if (!("fields" in row)) return row;
    const name = cell("Profile Name");
    const rows = state.profiles.get(name) ?? new Set();
    rows.add(row.fields);
    state.profiles.set(name, rows);
    return row;
  };
  switch (part) {
    case "netflix-mylist": {
      const parsed = netflixTitle(title);
      const name = "film" in parsed ? parsed.film : parsed.series;
      return profile({
        kind: "watchlist",
        fields: { title: name, year: null, noYear: true, eitherKind: true },
      });
    }
    case "netflix-viewing": {
      if (cell("Supplemental Video Type")) return { ignore: true };
      const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(cell("Start Time"));
      if (!match) return { reason: "Tarih okunamadı." };
      if (match[1]! > today) return { reason: "İzleme tarihi gelecekte olamaz." };
      return profile(
        rowOf(title, { watchedAt: new Date(`${match[1]}T${match[2]}Z`).toISOString() }),
      );
    }
    case "netflix-activity": {
      const raw = cell("Date");
      if (!raw) return { reason: "Tarih boş." };
      const row = rowOf(title, {});
      if ("fields" in row) state.rawDates.set(row.fields, raw);
      return row;
    }
  }
}

const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));
const pad = (value: number) => String(value).padStart(2, "0");

function realDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1997) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const NETFLIX_AMBIGUOUS_DATES =
  "Netflix dosyanızdaki tarihlerin gün/ay mı yoksa ay/gün mü yazıldığı anlaşılamadı (örneğin 5/6/21 hem 5 Haziran hem 6 Mayıs olabilir). Hesabınızın dilini değiştirmeden indirdiğiniz dosyayı yükleyin ya da tarihleri GG.AA.YYYY biçimine çevirin. Hiçbir şey içe aktarılmadı.";

const NETFLIX_MIXED_DATES =
  "Netflix dosyanızdaki tarihler tek bir biçimde değil (hem gün/ay hem ay/gün okunuyor). Hiçbir şey içe aktarılmadı.";

/**
 * Once the viewing-activity file is read: its dates' locale from all of them (day first when a
 * first number is over 12, month first when a second one is), each row dated (a row whose date
 * is not a real day, or later than today, is refused). A refusal of the whole file, or the rows'
 * problems.
 */
export function finishNetflixDates(
  state: NetflixState,
  today: string,
): { refusal: string } | { bad: Map<ImportRowFields, string> } {
  const bad = new Map<ImportRowFields, string>();
  if (state.rawDates.size === 0) return { bad };
  let dayFirst = false;
  let monthFirst = false;
  for (const raw of state.rawDates.values()) {
    const slashed = SLASHED.exec(raw);
    if (!slashed) continue;
    if (Number(slashed[1]) > 12) dayFirst = true;
    if (Number(slashed[2]) > 12) monthFirst = true;
  }
  const anySlashed = [...state.rawDates.values()].some((raw) => SLASHED.test(raw));
  if (dayFirst && monthFirst) return { refusal: NETFLIX_MIXED_DATES };
  if (anySlashed && !dayFirst && !monthFirst) return { refusal: NETFLIX_AMBIGUOUS_DATES };
  for (const [fields, raw] of state.rawDates) {
    let day: string | null = null;
    const dotted = DOTTED.exec(raw);
    const slashed = SLASHED.exec(raw);
    const iso = ISO.exec(raw);
    if (dotted) day = realDay(fullYear(dotted[3]!), Number(dotted[2]), Number(dotted[1]));
    else if (slashed) {
      const [first, second] = [Number(slashed[1]), Number(slashed[2])];
      day = dayFirst
        ? realDay(fullYear(slashed[3]!), second, first)
        : realDay(fullYear(slashed[3]!), first, second);
    } else if (iso) day = realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (!day) bad.set(fields, `Tarih okunamadı: “${raw.slice(0, 20)}”.`);
    else if (day > today) bad.set(fields, "İzleme tarihi gelecekte olamaz.");
    else {
      fields.watchedOn = day;
      if (fields.diaryKey !== undefined) fields.diaryKey = `${fields.diaryKey}${day}`;
    }
  }
  state.rawDates.clear();
  return { bad };
}
