import { Transform } from "node:stream";

export interface StreamReplacement {
  /** ASCII text to find (matched as bytes, so a chunk is never decoded). */
  find: string;
  replace: string;
  /** Replace at most this many occurrences (default: all). */
  max?: number;
  /** Stop looking once this text has gone by (e.g. "</head>"), replaced or not. */
  until?: string;
}

interface Rule {
  find: Buffer;
  replace: Buffer;
  left: number;
  until?: string;
  text: string;
  /** Only watches for an `until` text no replacement changes; passes it through as it is. */
  marker?: boolean;
}

const rule = (find: string, replace: string, left: number, until?: string): Rule => ({
  find: Buffer.from(find),
  replace: Buffer.from(replace),
  left,
  until,
  text: find,
});

/** The rules still to apply: markers only while a rule still waits for their text. */
const live = (rules: Rule[]) =>
  rules.filter(
    (candidate) =>
      candidate.left > 0 &&
      (!candidate.marker ||
        rules.some((other) => other.left > 0 && other.until === candidate.text)),
  );

/**
 * Replaces text in a byte stream across chunk boundaries. Only an end of a chunk that may begin
 * a searched text is held back until the next chunk; once every replacement is done (or past
 * its `until`), chunks pass through untouched.
 */
export function replaceInStream(replacements: StreamReplacement[]): Transform {
  const finds = new Set(replacements.map((replacement) => replacement.find));
  const markers = new Set(
    replacements.flatMap(({ until }) => (until !== undefined && !finds.has(until) ? [until] : [])),
  );
  let rules = [
    ...replacements.map(({ find, replace, max, until }) =>
      rule(find, replace, max ?? Infinity, until),
    ),
    ...[...markers].map((text) => ({ ...rule(text, text, 1), marker: true })),
  ];
  let pending: Buffer = Buffer.alloc(0);

  function rewrite(final: boolean): Buffer[] {
    const out: Buffer[] = [];
    let from = 0;
    while (rules.length > 0) {
      let at = -1;
      let found: Rule | undefined;
      for (const candidate of rules) {
        const index = pending.indexOf(candidate.find, from);
        if (index >= 0 && (at < 0 || index < at)) [at, found] = [index, candidate];
      }
      if (!found) break;
      out.push(pending.subarray(from, at), found.replace);
      from = at + found.find.length;
      found.left--;
      const passed = found.text;
      for (const other of rules) if (other.until === passed) other.left = 0;
      rules = live(rules);
    }
    let held = 0;
    if (!final && rules.length > 0) {
      const longest = Math.max(...rules.map((candidate) => candidate.find.length)) - 1;
      held = Math.min(longest, pending.length - from);
      const end = pending.length;
      while (
        held > 0 &&
        !rules.some(
          (candidate) =>
            held < candidate.find.length &&
            pending.compare(candidate.find, 0, held, end - held, end) === 0,
        )
      )
        held--;
    }
    out.push(pending.subarray(from, pending.length - held));
    pending = pending.subarray(pending.length - held);
    return out;
  }

  const joined = (pieces: Buffer[]) => {
    const parts = pieces.filter((piece) => piece.length > 0);
    return parts.length === 1 ? parts[0] : parts.length > 1 ? Buffer.concat(parts) : undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (rules.length === 0 && pending.length === 0) return callback(null, chunk);
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      callback(null, joined(rewrite(false)));
    },
    flush(callback) {
      callback(null, joined(rewrite(true)));
    },
  });
}
