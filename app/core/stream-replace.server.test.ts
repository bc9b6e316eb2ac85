import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { replaceInStream, type StreamReplacement } from "./stream-replace.server";

/** Sends `text` through the transform in chunks of the given sizes (cycled) and collects it. */
async function run(text: string, rules: StreamReplacement[], sizes: number[]) {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0, index = 0; at < bytes.length; index++) {
    const size = sizes[index % sizes.length]!;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(replaceInStream(rules))) out.push(piece);
  return { text: Buffer.concat(out).toString(), pieces: out.length };
}

const PAGE =
  '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/>' +
  '<title>Çağan Işık — ğüşiöç</title></head><body><p>&lt;link rel="modulepreload"&gt;</p>' +
  '<script type="module" async="">import("/a.js")</script><script type="module" async="">x</script></body></html>';

const RULES: StreamReplacement[] = [
  { find: '<link rel="modulepreload"', replace: '<link rel="inert"', until: "</head>" },
  { find: "</head>", replace: "<script>wake()</script></head>", max: 1 },
  { find: 'type="module" async=""', replace: 'type="later"', max: 1 },
];

const EXPECTED =
  '<html><head><link rel="inert" href="/a.js"/><link rel="inert" href="/b.js"/>' +
  "<title>Çağan Işık — ğüşiöç</title><script>wake()</script></head><body>" +
  '<p>&lt;link rel="modulepreload"&gt;</p><script type="later">import("/a.js")</script>' +
  '<script type="module" async="">x</script></body></html>';

describe("replaceInStream", () => {
  it("gives the same result however the stream is cut, even inside a searched text or a letter", async () => {
    for (const sizes of [[PAGE.length * 2], [1], [2, 3], [7], [13, 1, 29], [64]]) {
      expect((await run(PAGE, RULES, sizes)).text, String(sizes)).toBe(EXPECTED);
    }
  });

  it("stops at `until` and after `max`, and holds back nothing it does not need to", async () => {
    const { text } = await run(PAGE + PAGE, RULES, [5]);
    expect(text).toBe(EXPECTED + PAGE.replace("</head>", "</head>"));
    // An `until` text that nothing replaces is watched for all the same, and passed on as it is.
    const preloadsOnly = [RULES[0]!];
    for (const sizes of [[PAGE.length], [1], [5]]) {
      expect((await run(PAGE + PAGE, preloadsOnly, sizes)).text, String(sizes)).toBe(
        PAGE.replaceAll('<link rel="modulepreload" href', '<link rel="inert" href') + PAGE,
      );
    }
    // What cannot begin a searched text goes on at once; a possible beginning waits.
    const transform = replaceInStream(RULES);
    const seen: string[] = [];
    transform.on("data", (piece: Buffer) => seen.push(piece.toString()));
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    transform.write(Buffer.from("abcdefgh"));
    await settle();
    expect(seen).toEqual(["abcdefgh"]);
    transform.write(Buffer.from("xyz</he"));
    await settle();
    expect(seen).toEqual(["abcdefgh", "xyz"]);
    transform.end(Buffer.from("ad>"));
    await settle();
    expect(seen.join("")).toBe("abcdefghxyz<script>wake()</script></head>");
  });
});
