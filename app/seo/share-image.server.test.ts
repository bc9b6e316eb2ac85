import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderShareImage, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "./share-image.server";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG's chunks, in order. */
function chunks(png: Buffer) {
  const found: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    found.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return found;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** The image as its IHDR says, and a reader of its pixels (8-bit RGB or RGBA, unfiltered). */
function decode(png: Buffer) {
  const all = chunks(png);
  const header = all[0]!;
  expect(header.type).toBe("IHDR");
  const width = header.data.readUInt32BE(0);
  const height = header.data.readUInt32BE(4);
  expect(header.data[8]).toBe(8);
  const channels = header.data[9] === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(all.filter((c) => c.type === "IDAT").map((c) => c.data)));
  const stride = width * channels;
  expect(raw.length).toBe(height * (stride + 1));
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
      pixels[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  const at = (x: number, y: number) => {
    const start = y * stride + x * channels;
    return [...pixels.subarray(start, start + 3)];
  };
  return { width, height, at };
}

/** An SVG poster as the embedded catalogue draws them: one colour and its Turkish title. */
const drawnPoster = (title: string) => ({
  type: "svg" as const,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="750" viewBox="0 0 500 750"><rect width="500" height="750" fill="#00aa66"/><text x="250" y="375" font-size="52" font-weight="700" font-family="Inter, 'DejaVu Sans'" text-anchor="middle" fill="#fff">${title}</text></svg>`,
});

describe("renderShareImage", () => {
  it("draws a 1200×630 PNG with Turkish text, a drawn poster and placeholders", async () => {
    const png = await renderShareImage({
      kind: "Liste",
      title: "Işığın Ağır Çekimi: İstanbul'da Şöyle Böyle Güzel Filmler ğüşiöçİı",
      subtitle: "Ayşe Işık'ın listesi",
      figures: [{ value: "1.234", label: "film ve dizi" }],
      posters: [
        { title: "Dövüş Kulübü", artwork: drawnPoster("Dövüş Kulübü") },
        { title: "Esaretin Bedeli", artwork: null },
        // A poster that is no SVG at all becomes a placeholder, not a failure.
        { title: "Çiçek Abbas", artwork: { type: "svg", svg: "<svg>bozuk" } },
      ],
    });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const image = decode(png);
    expect([image.width, image.height]).toEqual([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]);
    // The first poster sits top right of the 2×2 grid, drawn in its own colour (its corner
    // above the title, clear of the text).
    expect(image.at(830, 110)).toEqual([0x00, 0xaa, 0x66]);
    // The background is dark where there is nothing.
    expect(Math.max(...image.at(600, 600))).toBeLessThan(40);
  });

  it("draws a card with no posters and no subtitle", async () => {
    const png = await renderShareImage({
      kind: "2026 özeti",
      title: "İlkay Şahin",
      subtitle: null,
      figures: [
        { value: "0", label: "film" },
        { value: "0", label: "bölüm" },
        { value: "0", label: "saat" },
      ],
      posters: [],
    });
    const image = decode(png);
    expect([image.width, image.height]).toEqual([1200, 630]);
    // No poster grid: the right side is the background.
    expect(Math.max(...image.at(1000, 300))).toBeLessThan(40);
  });
});
