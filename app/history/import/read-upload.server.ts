import { Readable, Transform, pipeline } from "node:stream";
import { parse, CsvError } from "csv-parse";
import yauzl from "yauzl";
import { giveWay } from "~/core/give-way.server";
import type { ImportRowFields, ImportRowKind, ImportSource } from "~/db/import-schema";
import {
  csvFormat,
  readRow,
  rowRules,
  servicePart,
  type KnownFormat,
  type ListChoice,
} from "./formats";
import { countRewatches, finishTvTime, TV_TIME_VOTES_SKIPPED } from "./tvtime-format";
import { finishNetflixDates, NETFLIX_RATINGS_SKIPPED } from "./netflix-format";

/*
 * Reads an uploaded history file: Letterboxd's export ZIP, one of its CSV files, or an IMDb
 * CSV. Everything is checked while streaming (sizes, rows, quoting, NUL bytes, two files of one
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
const SOURCE_ORDER: ImportSource[] = ["tvtime", "netflix", "imdb", "letterboxd"];
const ZIP_MAGIC = [0x50, 0x4b];

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
      onProgress: options.onProgress
        ? () =>
            options.onProgress!().catch((reason: unknown) => {
              throw new Interrupted(reason);
            })
        : undefined,
    };
    const sources = new Set<ImportSource>();
    if (bytes[0] === ZIP_MAGIC[0] && bytes[1] === ZIP_MAGIC[1]) {
      await readZip(Buffer.from(bytes), async (name, stream, named) => {
        const format = await readCsv(name, stream, into, options.choice, true, named);
        if (format) sources.add(format.source);
      });
      if (sources.size === 0)
        throw new Refused(
          "ZIP dosyasında içe aktarılacak bir dosya bulunamadı: Letterboxd (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv) ya da TV Time (tracking-prod-records-v2.csv ve diğerleri) dosyası olmalı.",
        );
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
      const chosen = options.profile ? netflix.profiles.get(options.profile) : undefined;
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
 * Calls `each` with every CSV of the ZIP that may be an export's file, one after the other:
 * Letterboxd's at the top (or inside its one wrapping folder), any other CSV anywhere but in
 * Letterboxd's other folders (`named` when it bears a name an export gives its files). The
 * unpacked bytes are counted while they stream, so a bomb is stopped at the limit, whatever its
 * headers claim.
 */
async function readZip(
  buffer: Buffer,
  each: (name: string, stream: Readable, named: boolean) => Promise<void>,
): Promise<number> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new Refused("ZIP dosyası açılamadı: dosya bozuk ya da eksik indirilmiş olabilir.");
  }
  if (zip.entryCount > IMPORT_LIMITS.zipEntries)
    throw new Refused("ZIP dosyasında çok fazla dosya var; bu bir Letterboxd dışa aktarımı değil.");
  let unpacked = 0;
  let files = 0;
  /** The entry each Letterboxd file was read from: a second one of a name is refused. */
  const taken = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      const parts = entry.fileName.split("/");
      const name = parts.at(-1)!.toLowerCase();
      const topLevel =
        parts.length === 1 || (parts.length === 2 && !LETTERBOXD_OTHER_FOLDERS.includes(parts[0]!));
      const elsewhere = parts
        .slice(0, -1)
        .some((folder) => LETTERBOXD_OTHER_FOLDERS.includes(folder.toLowerCase()));
      if (!name.endsWith(".csv") || elsewhere || (LETTERBOXD_FILES.has(name) && !topLevel))
        continue;
      const first = taken.get(name);
      if (first !== undefined)
        throw new Refused(
          `ZIP dosyasında iki ${name} var (${shown(first)} ve ${shown(entry.fileName)}); hangisinin içe aktarılacağı anlaşılamadı. Lütfen birini çıkarıp yeniden yükleyin. Hiçbir şey içe aktarılmadı.`,
        );
      taken.set(name, entry.fileName);
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
      await each(name, counted, NAMED_FILES.has(name));
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
}

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
  const parser = parse({
    bom: true,
    raw: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
  });
  stream.on("error", (error) => parser.destroy(error));
  stream.pipe(parser);
  let format: KnownFormat | null = null;
  let header: string[] = [];
  // csv-parse's own line count differs for CRLF inside quotes; the raw text of each record
  // says exactly how many lines it took.
  let nextLine = 1;
  let records = 0;
  // Two logs of one film on one day are told apart within each file.
  const rules = { ...into.rules, occurrences: new Map<string, number>() };
  try {
    for await (const { record, raw } of parser as AsyncIterable<{
      record: string[];
      raw: string;
    }>) {
      const line = nextLine;
      nextLine += raw.match(LINE_BREAKS)?.length ?? 0;
      if (record.length === 1 && record[0]!.trim() === "") continue;
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
      if (++records % ROWS_PER_TURN === 0) {
        await giveWay();
        await into.onProgress?.();
      }
      if (--into.budget.rows < 0)
        throw new Refused(
          "Dosyada 50.000'den fazla satır var. Lütfen daha küçük bir dosya yükleyin.",
        );
      const cells = Object.fromEntries(header.map((name, index) => [name, record[index] ?? ""]));
      const read = readRow(format, cells, rules);
      if ("reason" in read) into.badRows.push({ file, line, reason: read.reason });
      else if ("fields" in read)
        into.rows.push({ file, line, kind: read.kind, fields: read.fields });
    }
  } catch (error) {
    if (error instanceof Refused) throw error;
    // Records parsed ahead of the loop are not counted yet: the parser's own count is nearer.
    if (error instanceof CsvError)
      throw new Refused(csvMessage(file, error, Math.max(nextLine, Number(error.lines) || 0)));
    throw error;
  } finally {
    // After the header alone (or a refusal), the rest of the file is not read.
    stream.destroy();
    parser.destroy();
  }
  if (!format) {
    if (inZip && !named) return null;
    throw new Refused(`${file} boş: ilk satırda sütun adları olmalı.`);
  }
  return format;
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
