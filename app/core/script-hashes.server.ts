import { createHash } from "node:crypto";

const OPEN = Buffer.from("<script");
const CLOSE = Buffer.from("</script>");
const SRC = /\ssrc\s*=/i;

/**
 * The CSP hash sources (`'sha256-…'`) of a rendered document's inline scripts, in order, each
 * once: the SHA-256 of each `<script>` element's text as the browser reads it (the UTF-8 bytes
 * between the start tag and `</script>`), whatever its type, so that a script a trusted script
 * later copies into a new element (the inert module script, decision 014) matches too.
 * Scripts loaded from a `src` have no text to hash and are skipped. React writes every tag in
 * lower case and escapes `>` in attribute values, and the data React Router inlines escapes `<`,
 * so the first `>` ends the start tag and the first `</script>` ends the script.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (let at = html.indexOf(OPEN); at !== -1; at = html.indexOf(OPEN, at)) {
    const tagEnd = html.indexOf(">", at + OPEN.length);
    if (tagEnd === -1) break;
    const close = html.indexOf(CLOSE, tagEnd + 1);
    if (close === -1) break;
    // `<scripts…>` is not a script element.
    const next = html[at + OPEN.length];
    if (next !== 0x3e && next !== 0x20 && next !== 0x2f) {
      at += OPEN.length;
      continue;
    }
    if (!SRC.test(html.toString("latin1", at, tagEnd))) {
      const digest = createHash("sha256")
        .update(html.subarray(tagEnd + 1, close))
        .digest("base64");
      hashes.add(`'sha256-${digest}'`);
    }
    at = close + CLOSE.length;
  }
  return [...hashes];
}
