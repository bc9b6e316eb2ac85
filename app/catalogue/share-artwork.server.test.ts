import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { shareArtwork } from "./share-artwork.server";

/*
 * The live source's posters for a preview picture, from an image server of the test's own (as
 * the movie database's image root): fetched once, refused when they are no image.
 */

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
let server: Server;
let base = "";
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    if (req.url === "/w500/poster.png")
      res.writeHead(200, { "Content-Type": "image/png" }).end(PNG);
    else if (req.url === "/w500/page.html")
      res.writeHead(200, { "Content-Type": "text/html" }).end("<p>yok</p>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const source = () => ({ db: {} as Database, imageBaseUrl: base });

describe("shareArtwork (live source)", () => {
  it("fetches the poster at w500 from the image root", async () => {
    expect(await shareArtwork(source(), "/poster.png")).toEqual({
      type: "raster",
      mime: "image/png",
      bytes: new Uint8Array(PNG),
    });
    expect(asked).toContain("/w500/poster.png");
  });

  it("is null for a missing poster, an answer that is no image, or no poster at all", async () => {
    expect(await shareArtwork(source(), "/missing.jpg")).toBeNull();
    expect(await shareArtwork(source(), "/page.html")).toBeNull();
    expect(await shareArtwork(source(), null)).toBeNull();
    expect(
      await shareArtwork({ db: {} as Database, imageBaseUrl: "http://127.0.0.1:9" }, "/x.jpg"),
    ).toBeNull();
  });
});
