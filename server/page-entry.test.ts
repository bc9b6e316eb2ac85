import { describe, expect, it } from "vitest";
import { createEntry } from "./page-entry";

const lifetime = { ttlSeconds: 300, staleSeconds: 60, tags: ["list:1"] };

describe("createEntry", () => {
  it("gzips a page once, and keeps a PNG as it is (it is compressed already)", async () => {
    const html = await createEntry(
      {
        status: 200,
        headers: [["content-type", "text/html; charset=utf-8"]],
        body: Buffer.from("<p>Merhaba</p>".repeat(100)),
      },
      lifetime,
      0,
    );
    expect(html.gzipHeaders).toContain("gzip");
    expect(html.gzip.length).toBeLessThan(html.body.length);

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const image = await createEntry(
      { status: 200, headers: [["content-type", "image/png"]], body: png },
      lifetime,
      0,
    );
    expect(image.gzip).toBe(image.body);
    expect(image.body.equals(png)).toBe(true);
    expect(image.gzipHeaders).toEqual(["content-type", "image/png", "Content-Length", "11"]);
  });
});
