export interface Replacement {
  /** ASCII text to find (matched as bytes, so the document is never decoded). */
  find: string;
  replace: string;
  /** Replace at most this many occurrences (default: all). */
  max?: number;
  /** Replace only before the first occurrence of this text (e.g. "</head>"), replaced or not. */
  until?: string;
}

/**
 * Replaces texts in a rendered document in one pass over its bytes: at each step the earliest
 * occurrence of any text still wanted is replaced, and the search goes on after it.
 */
export function replaceInBytes(
  bytes: Buffer<ArrayBuffer>,
  replacements: readonly Replacement[],
): Buffer<ArrayBuffer> {
  const rules = replacements.map(({ find, replace, max, until }) => {
    const end = until === undefined ? -1 : bytes.indexOf(until);
    return {
      find: Buffer.from(find),
      replace: Buffer.from(replace),
      left: max ?? Infinity,
      end: end < 0 ? Infinity : end,
      next: bytes.indexOf(find),
    };
  });
  const out: Buffer[] = [];
  let from = 0;
  for (;;) {
    let found: (typeof rules)[number] | undefined;
    for (const rule of rules) {
      if (rule.left <= 0) continue;
      if (rule.next >= 0 && rule.next < from) rule.next = bytes.indexOf(rule.find, from);
      if (rule.next < 0 || rule.next >= rule.end) rule.left = 0;
      else if (!found || rule.next < found.next) found = rule;
    }
    if (!found) break;
    out.push(bytes.subarray(from, found.next), found.replace);
    from = found.next + found.find.length;
    found.left--;
  }
  if (out.length === 0) return bytes;
  out.push(bytes.subarray(from));
  return Buffer.concat(out);
}
