/*
 * Coming back where you were (issue #33.8): a page that sends an anonymous visitor to sign in
 * names itself (`?donus=`) and what was asked (`?istek=`), and /auth carries both through the
 * sign-in so the person lands back on the page with the thing done. Both are read as hostile:
 * they come from a URL anyone can write.
 */

/** The query parameter of /auth holding the path to come back to. */
export const RETURN_PARAM = "donus";
/** The query parameter of /auth holding what the visitor asked for before signing in. */
export const PENDING_PARAM = "istek";

/** Pages a return path must never lead to: the sign-in itself (a loop) and sign-out. */
const NEVER_BACK_TO = /^\/(auth|cikis)(?:[/?#]|$)/i;

/**
 * The path to come back to, when it is a plain path on this site; null otherwise. Only a
 * relative path of printable ASCII starting with one `/` passes: no `//host` or `/\host` (which
 * browsers read as another site), no backslash anywhere, no scheme (`javascript:`, `https:`), no
 * tab or line break (browsers drop them, so `/\t/evil.example` would become `//evil.example`),
 * nothing longer than 2,048 characters, and nothing that resolves to another origin.
 */
export function returnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value) || value.includes("\\")) return null;
  if (NEVER_BACK_TO.test(value)) return null;
  const base = "http://perde.invalid";
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  return resolved.origin === base ? value : null;
}

/** What an anonymous visitor asked for that signing in completes: adding a title to the list. */
export interface PendingIntent {
  kind: "watchlist-add";
  item: { type: "movie" | "tv"; id: number };
}

/** The intent as the URL carries it: `izleme-listesi:movie:550`. */
export const writePendingIntent = (intent: PendingIntent) =>
  `izleme-listesi:${intent.item.type}:${intent.item.id}`;

/** The intent of a URL's `istek`; null for anything else. */
export function readPendingIntent(value: unknown): PendingIntent | null {
  if (typeof value !== "string") return null;
  const match = /^izleme-listesi:(movie|tv):([1-9]\d{0,9})$/.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > 2_147_483_647) return null;
  return { kind: "watchlist-add", item: { type: match[1] as "movie" | "tv", id } };
}
