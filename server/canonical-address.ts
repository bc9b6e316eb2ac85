import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { canonicalPath, carriesSecret, isAddress } from "~/core/paths";

/*
 * One address per page (issue 32, decision 022). React Router matches a path in any case and
 * spelling (`/LISTE/12-x`, `/l%69ste/12-x/`), so one page had many addresses, and a page kept
 * under one that its tag rules did not read stayed in the page cache after its list was made
 * private. A page read (GET, HEAD) whose path is not its canonical spelling (`canonicalPath`)
 * is redirected there (301, the query string kept) before the page cache is consulted and
 * before React Router matches; the page cache keeps only canonical addresses.
 *
 * Nothing here logs: a path holding a secret (a feed's or an invite's token) is redirected like
 * any other, never cached by anyone (`no-store`), and reaches no log line.
 */

export type OtherAddress = { status: 301; location: string; secret: boolean } | { status: 404 };

/** What a page read of this URL gets instead of its page, or null when it is for its page. */
export function otherAddress(req: IncomingMessage): OtherAddress | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const canonical = canonicalPath(path);
  // `//host…` is no address of ours: React Router answers it (with its 404), never a redirect.
  if (canonical === null) return null;
  if (!isAddress(canonical)) return { status: 404 };
  if (canonical === path) return null;
  const query = queryAt === -1 ? "" : url.slice(queryAt);
  return { status: 301, location: canonical + query, secret: carriesSecret(canonical) };
}

export function sendOtherAddress(req: IncomingMessage, res: ServerResponse, other: OtherAddress) {
  if (other.status === 404) {
    const body = "Bu adreste bir sayfa yok.";
    res.writeHead(404, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return;
  }
  res.writeHead(301, {
    Location: other.location,
    // The move is for good, but a token is nobody's to keep, not even in a browser's cache.
    "Cache-Control": other.secret ? "no-store" : "public, max-age=86400",
    "Content-Length": 0,
  });
  res.end();
}

/** The same step in Express, for what reaches it (the development server's pages). */
export const canonicalAddresses: RequestHandler = (req, res, next) => {
  const other = otherAddress(req);
  if (other) sendOtherAddress(req, res, other);
  else next();
};
