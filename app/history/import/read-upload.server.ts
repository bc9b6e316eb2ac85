import { Readable, Transform, pipeline } from "node:stream";
import { parse, CsvError } from "csv-parse";
import yauzl from "yauzl";
import type { ImportRowFields, ImportRowKind } from "~/db/import-schema";
import { csvFormat, readRow, type KnownFormat, type ListChoice } from "./formats";

/*
 * Reads an uploaded history file: Letterboxd's export ZIP, one of its CSV files, or an IMDb
 * CSV. Everything is checked while streaming (sizes, rows, quoting) and a bad file is refused
 * as a whole with a Turkish message, before anything is written; a bad row is reported with
 * its line number and the others go on.
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
} as const;

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
      source: "letterboxd" | "imdb";
      rows: ReadRow[];
      badRows: BadRow[];
    }
  | {
      ok: false;
      message: string;
      /** A lone Letterboxd list whose name does not say: the form asks which one it is. */
      askListKind?: boolean;
    };

/** A refusal of the whole file; its message is shown as it is. */
class Refused extends Error {
  constructor(
    message: string,
    readonly askListKind = false,
  ) {
    super(message);
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
const ZIP_MAGIC = [0x50, 0x4b];

export async function readUpload(
  fileName: string,
  bytes: Uint8Array,
  choice?: ListChoice,
): Promise<ReadResult> {
  try {
    if (bytes.byteLength === 0) throw new Refused("Dosya boş.");
    if (bytes.byteLength > IMPORT_LIMITS.fileBytes)
      throw new Refused("Dosya 10 MB'tan büyük. Lütfen daha küçük bir dışa aktarım yükleyin.");
    const rows: ReadRow[] = [];
    const badRows: BadRow[] = [];
    const sources = new Set<"letterboxd" | "imdb">();
    const budget = { rows: IMPORT_LIMITS.rows };
    if (bytes[0] === ZIP_MAGIC[0] && bytes[1] === ZIP_MAGIC[1]) {
      const files = await readZip(Buffer.from(bytes), async (name, stream) => {
        const format = await readCsv(name, stream, { rows, badRows, budget }, choice, true);
        sources.add(format.source);
      });
      if (files === 0)
        throw new Refused(
          "ZIP dosyasında Letterboxd dosyası bulunamadı (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv).",
        );
    } else {
      if (bytes.includes(0))
        throw new Refused(
          "Bu dosya bir CSV ya da ZIP dosyası değil. Lütfen dışa aktarımı yükleyin.",
        );
      const format = await readCsv(
        baseName(fileName) || "dosya.csv",
        Readable.from([Buffer.from(bytes)]),
        { rows, badRows, budget },
        choice,
        false,
      );
      sources.add(format.source);
    }
    const source = sources.has("imdb") ? "imdb" : "letterboxd";
    return { ok: true, source, rows, badRows };
  } catch (error) {
    if (error instanceof Refused)
      return { ok: false, message: error.message, askListKind: error.askListKind || undefined };
    throw error;
  }
}

const baseName = (name: string) => name.split(/[\\/]/).pop()!.trim();

/**
 * Calls `each` with every Letterboxd CSV at the top of the ZIP (or inside its one wrapping
 * folder), one after the other; returns how many there were. The unpacked bytes are counted
 * while they stream, so a bomb is stopped at the limit, whatever its headers claim.
 */
async function readZip(
  buffer: Buffer,
  each: (name: string, stream: Readable) => Promise<void>,
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
  try {
    for await (const entry of zip.eachEntry()) {
      const parts = entry.fileName.split("/");
      const name = parts.at(-1)!.toLowerCase();
      const topLevel =
        parts.length === 1 ||
        (parts.length === 2 && !["deleted", "orphaned", "lists", "likes"].includes(parts[0]!));
      if (!topLevel || !LETTERBOXD_FILES.has(name)) continue;
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
      await each(name, counted);
      files++;
    }
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused("ZIP dosyası okunamadı: dosya bozuk ya da eksik indirilmiş olabilir.");
  } finally {
    zip.close();
  }
  return files;
}

const ZIP_BOMB =
  "ZIP dosyası açıldığında şüphe uyandıracak kadar büyüyor (50 MB sınırı). Bu dosya içe aktarılmadı.";

const LINE_BREAKS = /\r\n|\r|\n/g;

/** Reads one CSV: its header decides the format, each row is checked on its own. */
async function readCsv(
  file: string,
  stream: Readable,
  into: { rows: ReadRow[]; badRows: BadRow[]; budget: { rows: number } },
  choice: ListChoice | undefined,
  inZip: boolean,
): Promise<KnownFormat> {
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
  const occurrences = new Map<string, number>();
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
        const known = csvFormat(file, header, choice, inZip);
        if ("refusal" in known) throw new Refused(known.refusal, known.askListKind ?? false);
        format = known;
        continue;
      }
      if (--into.budget.rows < 0)
        throw new Refused(
          "Dosyada 50.000'den fazla satır var. Lütfen daha küçük bir dosya yükleyin.",
        );
      const cells = Object.fromEntries(header.map((name, index) => [name, record[index] ?? ""]));
      const read = readRow(format, cells, occurrences);
      if ("reason" in read) into.badRows.push({ file, line, reason: read.reason });
      else into.rows.push({ file, line, kind: format.kind, fields: read.fields });
    }
  } catch (error) {
    if (error instanceof Refused) throw error;
    if (error instanceof CsvError) throw new Refused(csvMessage(file, error, nextLine));
    throw error;
  }
  if (!format) throw new Refused(`${file} boş: ilk satırda sütun adları olmalı.`);
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
