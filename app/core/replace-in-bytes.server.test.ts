import { describe, expect, it } from "vitest";
import { replaceInBytes, type Replacement } from "./replace-in-bytes.server";

const run = (text: string, rules: Replacement[]) =>
  replaceInBytes(Buffer.from(text), rules).toString();

const PAGE =
  '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/>' +
  '<title>Çağan Işık — ğüşiöç</title></head><body><p>&lt;link rel="modulepreload"&gt;</p>' +
  '<script type="module" async="">import("/a.js")</script><script type="module" async="">x</script></body></html>';

const RULES: Replacement[] = [
  { find: '<link rel="modulepreload"', replace: '<link rel="inert"', until: "</head>" },
  { find: "</head>", replace: "<script>wake()</script></head>", max: 1 },
  { find: 'type="module" async=""', replace: 'type="later"', max: 1 },
];

const EXPECTED =
  '<html><head><link rel="inert" href="/a.js"/><link rel="inert" href="/b.js"/>' +
  "<title>Çağan Işık — ğüşiöç</title><script>wake()</script></head><body>" +
  '<p>&lt;link rel="modulepreload"&gt;</p><script type="later">import("/a.js")</script>' +
  '<script type="module" async="">x</script></body></html>';

describe("replaceInBytes", () => {
  it("replaces each text where it is wanted, and leaves Turkish letters as they were", () => {
    expect(run(PAGE, RULES)).toBe(EXPECTED);
  });

  it("stops at `until` and after `max`", () => {
    expect(run(PAGE + PAGE, RULES)).toBe(EXPECTED + PAGE);
    // An `until` text that nothing replaces bounds the search all the same.
    expect(run(PAGE + PAGE, [RULES[0]!])).toBe(
      PAGE.replaceAll('<link rel="modulepreload" href', '<link rel="inert" href') + PAGE,
    );
    // Without its `until` text in the document, a rule applies throughout.
    expect(run("a-b-a", [{ find: "a", replace: "A", until: "</head>" }])).toBe("A-b-A");
  });

  it("returns the same bytes when there is nothing to replace, and never replaces inside a replacement", () => {
    const bytes = Buffer.from(PAGE);
    expect(replaceInBytes(bytes, [{ find: "<nothing>", replace: "x" }])).toBe(bytes);
    expect(run("aaa", [{ find: "aa", replace: "a" }])).toBe("aa");
    expect(
      run("abab", [
        { find: "ab", replace: "b" },
        { find: "ba", replace: "X" },
      ]),
    ).toBe("bb");
  });
});
