import { Readable, Transform, pipeline } from "node:stream";
import { parse, CsvError } from "csv-parse";
import yauzl from "yauzl";
import { giveWay } from "~/core/give-way.server";
import type { ImportRowFields, ImportRowKind, ImportSource } from "~/db/import-schema";
import {
  csvFormat,
  letterboxdUri,
  listEntry,
  readRow,
  rowRules,
  servicePart,
  type KnownFormat,
  type ListChoice,
} from "./formats";
import { countRewatches, finishTvTime, TV_TIME_VOTES_SKIPPED } from "./tvtime-format";
import { finishNetflixDates, NETFLIX_RATINGS_SKIPPED } from "./netflix-format";
import {
  finishTrakt,
  readTraktFile,
  traktFileOf,
  traktState,
  type TraktFile,
} from "./trakt.server";

/*
 * Reads an uploaded history file: Letterboxd's export ZIP (its lists/, likes/ and profile.csv
 * too), one of its CSV files, an IMDb CSV, or Trakt's export ZIP of JSON (trakt.server.ts). Everything is checked while streaming (sizes, rows, quoting, NUL bytes, two files of one
 * name) and a bad file is refused as a whole with a Turkish message, before anything is
 * written; a bad row is reported with its line number and the others go on.
 *
 * Twice per upload (decision 019, issue #32.4): in the request, `checkUpload` looks only at what
 * is quick to see (the ZIP's list of files, each CSV's header), so the person hears at once about
 * a wrong file and the request answers in well under a second; in the import's job,
 * `readUpload` reads every row, a turn of the event loop given every few hundred rows.
 */

const IMPORT_LIMITS = {
  /** The upload itself. */
  fileBytes: 10 * 1024 * 1024,
  /** Rows across every file of an upload. */
  rows: 50_000,
  /** What a ZIP may unpack to, in all. */
  unpackedBytes: 50 * 1024 * 1024,
  /** Unpacked / packed size of an entry; text compresses about 5-10 times, bombs far more. */
  ratio: 100,
  /** A ZIP with more entries than a Letterboxd export ever has is not one. */
  zipEntries: 2_000,
  /** A file's name as uploaded. */
  nameChars: 200,
} as const;

/** Rows read between two turns given to the rest of the server. */
const ROWS_PER_TURN = 250;
/** A plain CSV is fed to the parser in pieces of this size, so no piece holds the thread long. */
const CHUNK_BYTES = 64 * 1024;

export interface ReadRow {
  file: string;
  line: number;
  kind: ImportRowKind;
  fields: ImportRowFields;
}

export interface BadRow {
  file: string;
  line: number;
  reason: string;
}

export type ReadResult =
  | {
      ok: true;
      source: ImportSource;
      rows: ReadRow[];
      badRows: BadRow[];
      /** Files of the export that are not imported, with the reason. */
      skippedFiles: { file: string; reason: string }[];
    }
  | {
      ok: false;
      message: string;
      /** A lone Letterboxd list whose name does not say: the form asks which one it is. */
      askListKind?: boolean;
      /** A Netflix archive of several profiles: the form asks which one (their names). */
      askProfile?: string[];
    };

/** A refusal of the whole file; its message is shown as it is. */
class Refused extends Error {
  constructor(
    message: string,
    readonly askListKind = false,
    readonly askProfile?: string[],
  ) {
    super(message);
  }
}

/**
 * What the caller's `onProgress` threw (the job was stopped by the person): carried out as it is,
 * never mistaken for a broken file, which would end the import as "refused".
 */
class Interrupted extends Error {
  constructor(readonly reason: unknown) {
    super("interrupted by onProgress");
  }
}

// Letterboxd's export keeps its main files at the top; deleted/, orphaned/, lists/ and likes/
// hold other things (deleted diary entries among them) that must not be imported.
const LETTERBOXD_FILES = new Set([
  "diary.csv",
  "ratings.csv",
  "watched.csv",
  "watchlist.csv",
  "reviews.csv",
]);
const LETTERBOXD_OTHER_FOLDERS = ["deleted", "orphaned", "lists", "likes"];
/**
 * Files of TV Time's export named as it names them: one of these whose header is not known is
 * refused by name. Any other CSV of a ZIP is read when its header is a known one (the format is
 * told by the header, whatever the name) and passed over otherwise.
 */
const NAMED_FILES = new Set([
  ...LETTERBOXD_FILES,
  "tracking-prod-records-v2.csv",
  "tracking-prod-records.csv",
  "user_tv_show_data.csv",
  "watched_on_episode.csv",
  "viewingactivity.csv",
  "mylist.csv",
]);
/** Which service an upload is, when its files are of several: the first of these found. */
const SOURCE_ORDER: ImportSource[] = ["trakt", "tvtime", "netflix", "imdb", "letterboxd"];
const ZIP_MAGIC = [0x50, 0x4b];
/** Letterboxd's folders whose files are not the person's current record. */
const SKIPPED_FOLDERS = ["deleted", "orphaned"];

/** What an entry of the ZIP is, by its path; null for one not read. */
type ZipRole =
  | { kind: "letterboxd" | "letterboxd-list" | "letterboxd-likes" | "letterboxd-profile" }
  | { kind: "trakt"; file: TraktFile }
  /** Another CSV: read when its header is a known one (`named`: refused by name otherwise). */
  | { kind: "csv"; named: boolean };

function roleOf(path: string): { role: ZipRole; key: string } | null {
  const all = path.split("/").filter((part) => part !== "");
  let parts = all;
  const folder = (part: string | undefined) => (part ?? "").toLowerCase();
  // One wrapping folder (the export unpacked and zipped again) is looked through.
  const known = ["lists", "likes", ...SKIPPED_FOLDERS];
  if (parts.length >= 2 && !known.includes(folder(parts[0]))) {
    if (parts.length === 2 || (parts.length === 3 && ["lists", "likes"].includes(folder(parts[1]))))
      parts = parts.slice(1);
  }
  const name = folder(parts.at(-1));
  if (parts.length === 1) {
    if (LETTERBOXD_FILES.has(name)) return { role: { kind: "letterboxd" }, key: name };
    if (name === "profile.csv") return { role: { kind: "letterboxd-profile" }, key: name };
    const trakt = traktFileOf(name);
    if (trakt) return { role: { kind: "trakt", file: trakt }, key: name };
  }
  if (parts.length === 2 && folder(parts[0]) === "lists" && name.endsWith(".csv"))
    return { role: { kind: "letterboxd-list" }, key: `lists/${name}` };
  if (parts.length === 2 && folder(parts[0]) === "likes" && name === "films.csv")
    return { role: { kind: "letterboxd-likes" }, key: "likes/films.csv" };
  // Any other CSV anywhere but in Letterboxd's other folders (TV Time's, Netflix's files).
  const elsewhere = all
    .slice(0, -1)
    .some((part) => LETTERBOXD_OTHER_FOLDERS.includes(folder(part)));
  if (name.endsWith(".csv") && !elsewhere && !LETTERBOXD_FILES.has(name))
    return { role: { kind: "csv", named: NAMED_FILES.has(name) }, key: name };
  return null;
}

export interface ReadOptions {
  /** The person's answer for a lone Letterboxd list whose name does not say which it is. */
  choice?: ListChoice;
  /** The Netflix profile to import, when the archive has several. */
  profile?: string;
  /** Istanbul's day when the file is read: a diary row may not be later. */
  today: string;
  /** Only what is quick to see: the ZIP's files and each CSV's header (in the request). */
  headersOnly?: boolean;
  /** Called every few hundred rows (the job keeps its lease fresh). */
  onProgress?: () => Promise<void>;
}

/** The quick look the upload request takes (see the top of this file). */
export const checkUpload = (
  fileName: string,
  bytes: Uint8Array,
  options: Omit<ReadOptions, "headersOnly">,
) => readUpload(fileName, bytes, { ...options, headersOnly: true });

/** Control characters (NUL among them) have no place in a file's name or a ZIP entry's. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

export async function readUpload(
  fileName: string,
  bytes: Uint8Array,
  options: ReadOptions,
): Promise<ReadResult> {
  try {
    if (CONTROL.test(fileName) || fileName.length > IMPORT_LIMITS.nameChars)
      throw new Refused(
        "Dosyanın adı okunamadı (çok uzun ya da içinde geçersiz karakterler var). Lütfen dosyayı yeniden adlandırıp yükleyin.",
      );
    if (bytes.byteLength === 0) throw new Refused("Dosya boş.");
    if (bytes.byteLength > IMPORT_LIMITS.fileBytes)
      throw new Refused("Dosya 10 MB'tan büyük. Lütfen daha küçük bir dışa aktarım yükleyin.");
    const into: CsvTarget = {
      rows: [],
      badRows: [],
      skippedFiles: [],
      budget: { rows: IMPORT_LIMITS.rows },
      rules: rowRules(options.today),
      headersOnly: options.headersOnly ?? false,
      films: new Map(),
      favorites: null,
      onProgress: options.onProgress
        ? () =>
            options.onProgress!().catch((reason: unknown) => {
              throw new Interrupted(reason);
            })
        : undefined,
    };
    const sources = new Set<ImportSource>();
    const trakt = traktState();
    const sink = { ...into, today: options.today };
    const refuse = (message: string) => new Refused(message);
    if (bytes[0] === ZIP_MAGIC[0] && bytes[1] === ZIP_MAGIC[1]) {
      const files = await readZip(Buffer.from(bytes), async (name, key, role, stream) => {
        switch (role.kind) {
          case "letterboxd":
          case "csv": {
            const named = role.kind === "csv" ? role.named : true;
            const format = await readCsv(name, stream, into, options.choice, true, named);
            if (format) sources.add(format.source);
            return;
          }
          case "letterboxd-list":
          case "letterboxd-likes":
          case "letterboxd-profile":
            await readLetterboxdExtra(key, role.kind, stream, into);
            sources.add("letterboxd");
            return;
          case "trakt":
            await readTraktFile(name, role.file, stream, sink, trakt, refuse);
            sources.add("trakt");
            return;
        }
      });
      if (files === 0 || sources.size === 0)
        throw new Refused(
          "ZIP dosyasında içe aktarılacak bir dosya bulunamadı: Letterboxd (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv, lists/, likes/films.csv, profile.csv), Trakt (watched-history.json, ratings-movies.json, lists-watchlist.json…) ya da TV Time (tracking-prod-records-v2.csv ve diğerleri) dosyası olmalı.",
        );
      if (trakt.sawAny && sources.size > 1)
        throw new Refused(
          "ZIP dosyasında hem Trakt'ın hem Letterboxd'un dosyaları var. Lütfen her birini ayrı yükleyin.",
        );
      if (!into.headersOnly) {
        finishTrakt(trakt, sink);
        favoriteRows(into);
      }
    } else if (traktFileOf(baseName(fileName).toLowerCase())) {
      // One file of Trakt's export, unzipped.
      const name = baseName(fileName).toLowerCase();
      await readTraktFile(
        name,
        traktFileOf(name)!,
        Readable.from([Buffer.from(bytes)]),
        sink,
        trakt,
        refuse,
      );
      if (!into.headersOnly) finishTrakt(trakt, sink);
      sources.add("trakt");
    } else {
      if (bytes.includes(0))
        throw new Refused(
          "Bu dosya bir CSV ya da ZIP dosyası değil. Lütfen dışa aktarımı yükleyin.",
        );
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const pieces = into.headersOnly
        ? [buffer.subarray(0, CHUNK_BYTES)]
        : Array.from({ length: Math.ceil(buffer.length / CHUNK_BYTES) }, (_, index) =>
            buffer.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES),
          );
      const format = await readCsv(
        baseName(fileName) || "dosya.csv",
        Readable.from(pieces),
        into,
        options.choice,
        false,
        true,
      );
      if (format) sources.add(format.source);
    }
    const source = SOURCE_ORDER.find((candidate) => sources.has(candidate)) ?? "letterboxd";
    finishTvTime(into.rules.tvTime);
    const netflix = into.rules.netflix;
    if (netflix.profiles.size > 1 && !into.headersOnly) {
      const names = [...netflix.profiles.keys()].sort((a, b) => a.localeCompare(b, "tr"));
      // The question showed each name as `shown` gives it: the answer is compared so.
      const chosen = options.profile
        ? (netflix.profiles.get(options.profile) ??
          [...netflix.profiles].find(([name]) => shown(name) === options.profile)?.[1])
        : undefined;
      if (!chosen)
        throw new Refused(
          `Bu Netflix arşivinde birden çok profil var (${names.map(shown).join(", ")}). Lütfen hangisinin geçmişini içe aktaracağınızı seçip dosyayı yeniden yükleyin.`,
          false,
          names.map(shown).slice(0, 20),
        );
      into.rows = into.rows.filter((row) => !isOtherProfile(netflix.profiles, chosen, row.fields));
    }
    const dates = finishNetflixDates(netflix, options.today);
    if ("refusal" in dates) throw new Refused(dates.refusal);
    if (dates.bad.size > 0) {
      for (const row of into.rows) {
        const reason = dates.bad.get(row.fields);
        if (reason) into.badRows.push({ file: row.file, line: row.line, reason });
      }
      into.rows = into.rows.filter((row) => !dates.bad.has(row.fields));
    }
    countRewatches(into.rows);
    // A list's items are written in their list's order (a file need not list them so).
    const listed = into.rows.filter((row) => row.kind === "list-item");
    if (listed.length > 0) {
      listed.sort(
        (a, b) =>
          a.fields.list!.key.localeCompare(b.fields.list!.key) ||
          a.fields.position! - b.fields.position!,
      );
      into.rows = [...into.rows.filter((row) => row.kind !== "list-item"), ...listed];
    }
    return {
      ok: true,
      source,
      rows: into.rows,
      badRows: into.badRows,
      skippedFiles: into.skippedFiles,
    };
  } catch (error) {
    if (error instanceof Refused)
      return {
        ok: false,
        message: error.message,
        askListKind: error.askListKind || undefined,
        ...(error.askProfile ? { askProfile: error.askProfile } : {}),
      };
    if (error instanceof Interrupted) throw error.reason;
    throw error;
  }
}

/** A row of a Netflix profile other than the chosen one. */
function isOtherProfile(
  profiles: Map<string, Set<ImportRowFields>>,
  chosen: Set<ImportRowFields>,
  fields: ImportRowFields,
) {
  if (chosen.has(fields)) return false;
  return [...profiles.values()].some((rows) => rows.has(fields));
}

const baseName = (name: string) => name.split(/[\\/]/).pop()!.trim();

/**
 * Calls `each` with every file of the ZIP it knows (roleOf: Letterboxd's CSVs at the top or in
 * lists/ and likes/, Trakt's JSON files; at the top or inside one wrapping folder), one after the
 * other; returns how many there were. The unpacked bytes are counted
 * while they stream, so a bomb is stopped at the limit, whatever its headers claim.
 */
async function readZip(
  buffer: Buffer,
  each: (name: string, key: string, role: ZipRole, stream: Readable) => Promise<void>,
): Promise<number> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new Refused("ZIP dosyası açılamadı: dosya bozuk ya da eksik indirilmiş olabilir.");
  }
  if (zip.entryCount > IMPORT_LIMITS.zipEntries)
    throw new Refused("ZIP dosyasında çok fazla dosya var; bu bir dışa aktarım dosyası değil.");
  let unpacked = 0;
  let files = 0;
  /** The entry each Letterboxd file was read from: a second one of a name is refused. */
  const taken = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName.split("/").at(-1)!.toLowerCase();
      const known = roleOf(entry.fileName);
      if (!known) continue;
      const first = taken.get(known.key);
      if (first !== undefined)
        throw new Refused(
          `ZIP dosyasında iki ${shown(known.key)} var (${shown(first)} ve ${shown(entry.fileName)}); hangisinin içe aktarılacağı anlaşılamadı. Lütfen birini çıkarıp yeniden yükleyin. Hiçbir şey içe aktarılmadı.`,
        );
      taken.set(known.key, entry.fileName);
      if (
        unpacked + entry.uncompressedSize > IMPORT_LIMITS.unpackedBytes ||
        entry.uncompressedSize > Math.max(1, entry.compressedSize) * IMPORT_LIMITS.ratio
      )
        throw new Refused(ZIP_BOMB);
      const packed = Math.max(1, entry.compressedSize);
      let entryBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          entryBytes += chunk.length;
          unpacked += chunk.length;
          if (unpacked > IMPORT_LIMITS.unpackedBytes || entryBytes > packed * IMPORT_LIMITS.ratio)
            done(new Refused(ZIP_BOMB));
          // A text file has no NUL byte; the database could not keep one either.
          else if (chunk.includes(0))
            done(
              new Refused(
                `ZIP içindeki ${name} bir metin (CSV) dosyası değil: içinde NUL karakteri var. Hiçbir şey içe aktarılmadı.`,
              ),
            );
          else done(null, chunk);
        },
      });
      let raw: Readable;
      try {
        raw = await zip.openReadStreamPromise(entry);
      } catch {
        throw new Refused(`ZIP içindeki ${name} okunamadı: dosya bozuk olabilir.`);
      }
      const counted = pipeline(raw, counter, () => undefined) as unknown as Readable;
      await each(name, known.key, known.role, counted);
      files++;
    }
  } catch (error) {
    if (error instanceof Refused || error instanceof Interrupted) throw error;
    throw new Refused("ZIP dosyası okunamadı: dosya bozuk ya da eksik indirilmiş olabilir.");
  } finally {
    zip.close();
  }
  return files;
}

/** An entry's name as shown in a message: at most 100 characters, no control characters. */
const shown = (name: string) =>
  [...name.replace(new RegExp(CONTROL.source, "g"), "�")].slice(0, 100).join("");

const ZIP_BOMB =
  "ZIP dosyası açıldığında şüphe uyandıracak kadar büyüyor (50 MB sınırı). Bu dosya içe aktarılmadı.";

const LINE_BREAKS = /\r\n|\r|\n/g;

interface CsvTarget {
  rows: ReadRow[];
  badRows: BadRow[];
  skippedFiles: { file: string; reason: string }[];
  budget: { rows: number };
  rules: ReturnType<typeof rowRules>;
  /** Stop after the header. */
  headersOnly: boolean;
  onProgress?: () => Promise<void>;
  /** Letterboxd's films by their URI (watched, ratings, watchlist, likes, lists): profile.csv names its favourites so. */
  films: Map<string, { title: string; year: number | null }>;
  /** profile.csv's favourite films (URIs), resolved once every file is read. */
  favorites: { file: string; uris: string[] } | null;
}

/**
 * The records of one CSV with the line each starts on, blank lines left out. A broken file is
 * refused naming the file and the line. csv-parse's own line count differs for CRLF inside
 * quotes; the raw text of each record says exactly how many lines it took.
 */
async function* csvRecords(file: string, stream: Readable) {
  const parser = parse({
    bom: true,
    raw: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
  });
  stream.on("error", (error) => parser.destroy(error));
  stream.pipe(parser);
  let nextLine = 1;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{
      record: string[];
      raw: string;
    }>) {
      const line = nextLine;
      nextLine += raw.match(LINE_BREAKS)?.length ?? 0;
      if (record.length === 1 && record[0]!.trim() === "") continue;
      yield { record, line };
    }
  } catch (error) {
    if (error instanceof Refused || error instanceof Interrupted) throw error;
    // Records parsed ahead of the loop are not counted yet: the parser's own count is nearer.
    if (error instanceof CsvError)
      throw new Refused(csvMessage(file, error, Math.max(nextLine, Number(error.lines) || 0)));
    throw error;
  } finally {
    // After the header alone (or a refusal), the rest of the file is not read.
    stream.destroy();
    parser.destroy();
  }
}

/** One more row of the upload: a turn for the rest of the server now and then, and the limit. */
async function countRow(into: CsvTarget, records: number) {
  if (records % ROWS_PER_TURN === 0) {
    await giveWay();
    await into.onProgress?.();
  }
  if (--into.budget.rows < 0)
    throw new Refused("Dosyada 50.000'den fazla satır var. Lütfen daha küçük bir dosya yükleyin.");
}

/** Letterboxd's files that name a film by its URI (profile.csv's favourites are looked up here). */
const FILM_URI_KINDS = new Set<ImportRowKind>(["watched", "watchlist", "rating"]);

/**
 * Reads one CSV: its header decides the format, each row is checked on its own. A file of a ZIP
 * whose header is no known one is passed over (null), unless its name is an export's
 * (`named`): then it is refused by name, as a lone file is.
 */
async function readCsv(
  file: string,
  stream: Readable,
  into: CsvTarget,
  choice: ListChoice | undefined,
  inZip: boolean,
  named: boolean,
): Promise<KnownFormat | null> {
  let format: KnownFormat | null = null;
  let header: string[] = [];
  let records = 0;
  // Two logs of one film on one day are told apart within each file.
  const rules = { ...into.rules, occurrences: new Map<string, number>() };
  for await (const { record, line } of csvRecords(file, stream)) {
    if (!format) {
      header = record.map((cell) => cell.trim());
      // A CSV of a ZIP not named as an export names its files: read only when its header
      // is a TV Time or Netflix file's, passed over otherwise.
      if (!named && inZip && !servicePart(header)) return null;
      const known = csvFormat(file, header, choice, inZip);
      if ("refusal" in known) throw new Refused(known.refusal, known.askListKind ?? false);
      format = known;
      if (known.part === "tvtime-votes" || known.part === "netflix-ratings") {
        const reason =
          known.part === "tvtime-votes" ? TV_TIME_VOTES_SKIPPED : NETFLIX_RATINGS_SKIPPED;
        into.skippedFiles.push({ file, reason });
        break;
      }
      if (into.headersOnly) break;
      continue;
    }
    await countRow(into, ++records);
    const cells = Object.fromEntries(header.map((name, index) => [name, record[index] ?? ""]));
    const read = readRow(format, cells, rules);
    if ("reason" in read) into.badRows.push({ file, line, reason: read.reason });
    else if ("fields" in read) {
      into.rows.push({ file, line, kind: read.kind, fields: read.fields });
      if (FILM_URI_KINDS.has(format.kind))
        into.films.set(letterboxdUri(cells["Letterboxd URI"] ?? ""), {
          title: read.fields.title,
          year: read.fields.year,
        });
    }
  }
  if (!format) {
    if (inZip && !named) return null;
    throw new Refused(`${file} boş: ilk satırda sütun adları olmalı.`);
  }
  return format;
}

const LIKES_LIST = {
  key: "letterboxd:likes",
  name: "Beğendiklerim",
  description: "Letterboxd'da beğendiğiniz filmler (içe aktarıldı).",
};

/**
 * Letterboxd's other files (decision 038): a list of lists/ (a banner line, the list's own
 * header and row, then `Position, Name, Year, URL, Description` rows), likes/films.csv (the
 * "Beğendiklerim" list) and profile.csv (its Favorite Films, offered as Favori 4 later).
 */
async function readLetterboxdExtra(
  file: string,
  kind: "letterboxd-list" | "letterboxd-likes" | "letterboxd-profile",
  stream: Readable,
  into: CsvTarget,
) {
  const unknown = (why: string) =>
    new Refused(`${file} tanınmadı: ${why} Hiçbir şey içe aktarılmadı.`);
  let header: string[] | null = null;
  let records = 0;
  /** A list file: the list itself, read from its own header and row. */
  let list: { key: string; name: string; description: string | null } | null = null;
  let listHeader: string[] | null = null;
  let banner = false;
  const cellsOf = (names: string[], record: string[]) =>
    Object.fromEntries(names.map((name, index) => [name, record[index] ?? ""]));
  for await (const { record, line } of csvRecords(file, stream)) {
    const trimmed = record.map((cell) => cell.trim());
    if (kind === "letterboxd-list" && !banner) {
      if (!/^letterboxd list export/i.test(trimmed[0] ?? ""))
        throw unknown("Letterboxd liste dosyası “Letterboxd list export” satırıyla başlar.");
      banner = true;
      continue;
    }
    if (kind === "letterboxd-list" && !list) {
      if (!listHeader) {
        if (!trimmed.includes("Name")) throw unknown("listenin kendi satırında “Name” sütunu yok.");
        listHeader = trimmed;
        continue;
      }
      const cells = cellsOf(listHeader, record);
      const name = (cells.Name ?? "").trim();
      const url = (cells.URL ?? "").trim();
      list = {
        key: `letterboxd:list:${url ? letterboxdUri(url) : file}`.slice(0, 400),
        name: name || file.replace(/^lists\//, "").replace(/\.csv$/i, ""),
        description: (cells.Description ?? "").trim() || null,
      };
      continue;
    }
    if (!header) {
      header = trimmed;
      const required =
        kind === "letterboxd-list"
          ? ["Position", "Name", "Year"]
          : kind === "letterboxd-likes"
            ? ["Name", "Year", "Letterboxd URI"]
            : ["Favorite Films"];
      const absent = required.filter((name) => !header!.includes(name));
      if (absent.length > 0)
        throw new Refused(`${file} dosyasında şu sütunlar eksik: ${absent.join(", ")}.`);
      if (into.headersOnly) break;
      continue;
    }
    const cells = cellsOf(header, record);
    if (kind === "letterboxd-profile") {
      const uris = (cells["Favorite Films"] ?? "")
        .split(/[\s,]+/)
        .filter((uri) => /^https?:\/\//i.test(uri))
        .slice(0, 4);
      into.favorites = { file: `${file} (Favorite Films)`, uris };
      break;
    }
    await countRow(into, ++records);
    const uri = kind === "letterboxd-list" ? cells.URL : cells["Letterboxd URI"];
    const read = listEntry({
      name: cells.Name ?? "",
      year: cells.Year ?? "",
      position: kind === "letterboxd-list" ? (cells.Position ?? "") : String(records),
      note: kind === "letterboxd-list" ? (cells.Description ?? "") : "",
    });
    if ("reason" in read) {
      into.badRows.push({ file, line, reason: read.reason });
      continue;
    }
    into.rows.push({
      file,
      line,
      kind: "list-item",
      fields: { ...read.fields, list: list ?? LIKES_LIST },
    });
    if (uri) into.films.set(letterboxdUri(uri), read.fields);
  }
  if (kind === "letterboxd-list" && !into.headersOnly && !header)
    throw unknown("içinde “Position, Name, Year” başlıklı yapım satırları yok.");
}

/**
 * profile.csv's favourite films, by their URIs in the export's other files: each becomes a
 * "favorite" row, which the import's page offers as Favori 4 (never written on its own).
 */
function favoriteRows(into: CsvTarget) {
  if (!into.favorites) return;
  const { file, uris } = into.favorites;
  uris.forEach((uri, index) => {
    const film = into.films.get(letterboxdUri(uri));
    if (film)
      into.rows.push({
        file,
        line: index + 1,
        kind: "favorite",
        fields: { title: film.title, year: film.year, position: index + 1 },
      });
    else
      into.badRows.push({
        file,
        line: index + 1,
        reason: `Favori film (${shown(uri)}) dışa aktarımın başka bir dosyasında yok; adı bilinmediği için eşleştirilemedi.`,
      });
  });
}

function csvMessage(file: string, error: CsvError, line: number): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `${file} bozuk: ${line}. satırda tırnak işaretleri hatalı. Hiçbir şey içe aktarılmadı.`;
    case "CSV_MAX_RECORD_SIZE":
      return `${file} bozuk: ${line}. satır çok uzun. Hiçbir şey içe aktarılmadı.`;
    default:
      return `${file} okunamadı (${line}. satır). Hiçbir şey içe aktarılmadı.`;
  }
}
