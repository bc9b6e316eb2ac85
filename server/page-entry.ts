import { constants, gzip } from "node:zlib";

/*
 * A page as the page cache keeps it (decisions 012, 022): the bytes React Router rendered, the
 * same for every visitor (its CSP lists its inline scripts' hashes, no nonce), compressed once
 * when it is stored, with the headers of both forms ready to write. A hit copies nothing.
 */

export interface PageEntry {
  status: number;
  /** The answer's headers for the raw body, flat (name, value, name, value…), length included. */
  identityHeaders: string[];
  /** The same for the gzip body (Content-Encoding and its length). */
  gzipHeaders: string[];
  body: Buffer;
  gzip: Buffer;
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

function compress(body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    gzip(body, { level: constants.Z_BEST_COMPRESSION }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

const isCompressedImage = (headers: [string, string][]) =>
  headers.some(
    ([name, value]) => name.toLowerCase() === "content-type" && /^image\/(png|jpeg)\b/.test(value),
  );

/** A rendered answer as an entry: its body gzipped once (in Node's thread pool). */
export async function createEntry(
  response: { status: number; headers: [string, string][]; body: Buffer },
  { ttlSeconds, staleSeconds, tags }: EntryLifetime,
  now: number,
): Promise<PageEntry> {
  // Its own copy: the answer's buffer may be a slice of a larger one.
  const body = Buffer.from(response.body);
  const headers = response.headers.flat();
  const expiresAt = now + ttlSeconds * 1000;
  const identityHeaders = [...headers, "Content-Length", String(body.length)];
  // A PNG (a preview picture, decision 028) is compressed already: one body, sent as it is.
  if (isCompressedImage(response.headers)) {
    return {
      status: response.status,
      identityHeaders,
      gzipHeaders: identityHeaders,
      body,
      gzip: body,
      tags,
      storedAt: now,
      expiresAt,
      staleUntil: expiresAt + staleSeconds * 1000,
    };
  }
  const compressed = await compress(body);
  return {
    status: response.status,
    identityHeaders,
    gzipHeaders: [
      ...headers,
      "Content-Encoding",
      "gzip",
      "Content-Length",
      String(compressed.length),
    ],
    body,
    gzip: compressed,
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
  let size = 512 + key.length * 2 + 2 * OBJECT;
  size += entry.body.length + (entry.gzip === entry.body ? 0 : entry.gzip.length);
  const headers =
    entry.gzipHeaders === entry.identityHeaders
      ? entry.identityHeaders
      : [...entry.identityHeaders, ...entry.gzipHeaders];
  for (const text of headers) size += OBJECT / 2 + text.length * 2;
  for (const tag of entry.tags) size += OBJECT / 2 + tag.length * 2;
  return size;
}
