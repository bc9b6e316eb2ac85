import { constants, crc32, deflateRaw, inflateRaw } from "node:zlib";

/*
 * A page as the page cache keeps it (decision 012): the rendered body split at its CSP nonce, as
 * raw bytes and as pre-compressed gzip segments, so that a hit costs a fresh nonce spliced in and
 * no rendering or compression.
 */

// ---------------------------------------------------------------------------------------------
// gzip with a spliced nonce: each static segment is a raw-deflate run ended by a sync flush
// (byte-aligned), compressed with the content before it as its dictionary; the nonce goes
// between segments as a stored block. A run may not copy bytes from an earlier nonce (that copy
// would be wrong once the nonce changes): each run is decoded again with every nonce blanked
// out, and compressed without a dictionary if it does not come back identical. The trailer's
// CRC-32 is combined from the segments' CRCs (zlib's crc32_combine), so a response costs a
// few multiplications, not a pass over the body.

const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

const X2N_TABLE = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();

/** x^(8·bytes) modulo the CRC polynomial: the operator that shifts a CRC past `bytes` bytes. */
function crcShift(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N_TABLE[k & 31]!, p);
  }
  return p;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]); // empty final stored block

function storedBlockHeader(length: number): Buffer {
  return Buffer.from([0x00, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff]);
}

const WINDOW = 32 * 1024;

function deflateSegment(segment: Buffer, dictionary?: Buffer): Promise<Buffer> {
  const options = { level: 9, finishFlush: constants.Z_SYNC_FLUSH, dictionary };
  return new Promise((resolve, reject) =>
    deflateRaw(segment, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function inflateSegment(data: Buffer, dictionary: Buffer): Promise<Buffer> {
  const options = { finishFlush: constants.Z_SYNC_FLUSH, dictionary };
  return new Promise((resolve, reject) =>
    inflateRaw(data, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** Compresses the segments in order, each with what precedes it (nonces included) as dictionary. */
async function deflateSegments(segments: Buffer[], nonce: Buffer): Promise<Buffer[]> {
  const blank = Buffer.alloc(nonce.length); // NUL never occurs in our text
  const compressed: Buffer[] = [];
  let before = Buffer.alloc(0);
  let blanked = Buffer.alloc(0);
  for (const [index, segment] of segments.entries()) {
    let run: Buffer | undefined;
    if (before.length > 0 && !segment.includes(0)) {
      run = await deflateSegment(segment, before);
      const check = await inflateSegment(run, blanked).catch(() => undefined);
      if (!check?.equals(segment)) run = undefined;
    }
    compressed.push(run ?? (await deflateSegment(segment)));
    const next = index < segments.length - 1;
    before = Buffer.concat(next ? [before, segment, nonce] : [before, segment]).subarray(-WINDOW);
    blanked = Buffer.concat(next ? [blanked, segment, blank] : [blanked, segment]).subarray(
      -WINDOW,
    );
  }
  return compressed;
}

// ---------------------------------------------------------------------------------------------

export interface PageEntry {
  status: number;
  /** Header values split at the nonce ([value] when it has none). */
  headers: [name: string, parts: string[]][];
  /** The body split at the nonce. */
  segments: Buffer[];
  gzip: { segments: Buffer[]; crcs: number[]; shifts: number[] };
  /** What the page shows ("movie:603"): a change to one of them drops the page. */
  tags: string[];
  storedAt: number;
  /** Fresh until then; afterwards served only while one request renders it again. */
  expiresAt: number;
  /** Not served at all after this. */
  staleUntil: number;
}

export interface EntryLifetime {
  ttlSeconds: number;
  /** How long after expiry a stale copy may answer while the page is rendered again. */
  staleSeconds: number;
  tags: string[];
}

/** Splits a rendered response at every occurrence of its nonce and pre-compresses the parts. */
export async function createEntry(
  response: { status: number; headers: [string, string][]; body: Buffer; nonce: string },
  { ttlSeconds, staleSeconds, tags }: EntryLifetime,
  now: number,
): Promise<PageEntry> {
  const nonce = Buffer.from(response.nonce);
  const segments: Buffer[] = [];
  let from = 0;
  for (let at = response.body.indexOf(nonce); at !== -1; at = response.body.indexOf(nonce, from)) {
    segments.push(response.body.subarray(from, at));
    from = at + nonce.length;
  }
  segments.push(response.body.subarray(from));
  const owned = segments.map((segment) => Buffer.from(segment));
  const expiresAt = now + ttlSeconds * 1000;
  return {
    status: response.status,
    headers: response.headers.map(([name, value]) => [name, value.split(response.nonce)]),
    segments: owned,
    gzip: {
      segments: await deflateSegments(owned, nonce),
      crcs: owned.map((segment) => crc32(segment)),
      shifts: owned.map((segment) => crcShift(segment.length)),
    },
    tags,
    storedAt: now,
    expiresAt,
    staleUntil: expiresAt + staleSeconds * 1000,
  };
}

/**
 * Bytes an entry holds in memory: bodies, header strings (UTF-16), tags, and a fixed share for
 * the objects and arrays around them, so that many small entries count as what they cost.
 */
export function entrySize(entry: PageEntry, key: string): number {
  const OBJECT = 64;
  let size = 512 + key.length * 2;
  for (const segment of entry.segments) size += segment.length + OBJECT;
  for (const segment of entry.gzip.segments) size += segment.length + OBJECT + 16;
  for (const [name, parts] of entry.headers) {
    size += OBJECT + name.length * 2;
    for (const part of parts) size += OBJECT / 2 + part.length * 2;
  }
  for (const tag of entry.tags) size += OBJECT / 2 + tag.length * 2;
  return size;
}

/** The body of an entry with `nonce` in place, raw or gzip-encoded, as pieces to write in order. */
export function renderBody(entry: PageEntry, nonce: string, gzip: boolean): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  if (!gzip) {
    entry.segments.forEach((segment, index) => {
      if (index > 0) pieces.push(nonceBytes);
      pieces.push(segment);
    });
    return pieces;
  }
  const { segments, crcs, shifts } = entry.gzip;
  const nonceHeader = storedBlockHeader(nonceBytes.length);
  let crc = 0;
  let size = 0;
  pieces.push(GZIP_HEADER);
  segments.forEach((segment, index) => {
    if (index > 0) {
      pieces.push(nonceHeader, nonceBytes);
      crc = crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    pieces.push(segment);
    crc = (multModP(shifts[index]!, crc) ^ crcs[index]!) >>> 0;
    size += entry.segments[index]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(DEFLATE_END, trailer);
  return pieces;
}
