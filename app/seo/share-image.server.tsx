import { readFile } from "node:fs/promises";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import type { ReactNode } from "react";
import satori from "satori";
import { projectRoot } from "~/core/project-root.server";
import { SITE_NAME } from "~/core/site";
import type { ShareArtwork } from "~/catalogue/share-artwork.server";

/*
 * The composed link-preview picture of a list, a profile or a year summary (decision 028): a
 * 1200×630 PNG, what Open Graph and X ask for, drawn from a plain description of the card
 * (kind, title, a line under it, up to three figures, up to four posters). satori lays it out
 * (flexbox, text shaped with the font below) as SVG; resvg turns that into a PNG. No browser,
 * no network: the posters come as bytes.
 */

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface ShareCard {
  /** What it is, above the title: "Liste", "Profil", "2026 özeti". */
  kind: string;
  title: string;
  /** Under the title: the owner, the username. */
  subtitle: string | null;
  /** Up to three figures: `{ value: "12", label: "film ve dizi" }`. */
  figures: { value: string; label: string }[];
  /** Up to four posters, each with the title it stands for (shown when it has no picture). */
  posters: { title: string; artwork: ShareArtwork | null }[];
}

const POSTER = { width: 156, height: 234 };
const PAD = 64;
const MAX_TITLE = 90;

/** DejaVu Sans (Bitstream Vera licence, content/fonts/LICENSE.txt): every Turkish letter. */
const FONT_DIR = path.join(projectRoot, "content", "fonts");
const FONT_FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

function loadFonts() {
  fonts ??= Promise.all([
    readFile(path.join(FONT_DIR, FONT_FILES.regular)),
    readFile(path.join(FONT_DIR, FONT_FILES.bold)),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fonts = undefined;
      throw error;
    },
  );
  return fonts;
}

const clip = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

/**
 * A poster as satori's `<img>` source: a drawn (SVG) poster is made a PNG first, with its fonts
 * (resvg in Node's thread pool, off the event loop). Null for no poster or one that is no image.
 */
async function posterSource(artwork: ShareArtwork | null): Promise<string | null> {
  if (!artwork) return null;
  if (artwork.type === "raster")
    return `data:${artwork.mime};base64,${Buffer.from(artwork.bytes).toString("base64")}`;
  try {
    const png = await renderAsync(artwork.svg, {
      fitTo: { mode: "width", value: POSTER.width * 2 },
      font: {
        fontFiles: Object.values(FONT_FILES).map((file) => path.join(FONT_DIR, file)),
        loadSystemFonts: false,
        defaultFontFamily: "DejaVu Sans",
      },
    });
    return `data:image/png;base64,${png.asPng().toString("base64")}`;
  } catch {
    return null;
  }
}

function Poster({ title, source }: { title: string; source: string | null }): ReactNode {
  const box = {
    width: POSTER.width,
    height: POSTER.height,
    borderRadius: 12,
    overflow: "hidden" as const,
    display: "flex",
    flexShrink: 0,
  };
  if (source) return <img src={source} width={POSTER.width} height={POSTER.height} style={box} />;
  return (
    <div
      style={{
        ...box,
        alignItems: "center",
        justifyContent: "center",
        backgroundImage: "linear-gradient(135deg, #3f3f52, #1c1c26)",
        color: "#e4e4ee",
        fontSize: 20,
        fontWeight: 700,
        textAlign: "center",
      }}
    >
      <div style={{ display: "flex", width: POSTER.width - 28 }}>{clip(title, 40)}</div>
    </div>
  );
}

function Card({
  card,
  posters,
}: {
  card: ShareCard;
  posters: { title: string; source: string | null }[];
}): ReactNode {
  return (
    <div
      style={{
        width: SHARE_IMAGE_WIDTH,
        height: SHARE_IMAGE_HEIGHT,
        boxSizing: "border-box",
        display: "flex",
        padding: PAD,
        gap: 48,
        backgroundColor: "#101018",
        backgroundImage: "linear-gradient(135deg, #1d1530 0%, #101018 55%, #0b0b10 100%)",
        color: "#ffffff",
        fontFamily: "DejaVu Sans",
      }}
    >
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          flex: 1,
          minWidth: 0,
          height: SHARE_IMAGE_HEIGHT - 2 * PAD,
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 16, fontSize: 28 }}>
          <div style={{ display: "flex", fontWeight: 700, color: "#f5c518" }}>{SITE_NAME}</div>
          <div style={{ display: "flex", color: "#a1a1b5" }}>· {card.kind}</div>
        </div>
        <div
          style={{
            display: "flex",
            marginTop: 36,
            fontSize: card.title.length > 40 ? 52 : 64,
            fontWeight: 700,
            lineHeight: 1.15,
          }}
        >
          {clip(card.title, MAX_TITLE)}
        </div>
        {card.subtitle && (
          <div style={{ display: "flex", marginTop: 20, fontSize: 30, color: "#c9c9d8" }}>
            {clip(card.subtitle, 60)}
          </div>
        )}
        <div style={{ display: "flex", marginTop: "auto", gap: 48 }}>
          {card.figures.slice(0, 3).map((figure) => (
            <div key={figure.label} style={{ display: "flex", flexDirection: "column" }}>
              <div style={{ display: "flex", fontSize: 60, fontWeight: 700 }}>{figure.value}</div>
              <div style={{ display: "flex", fontSize: 24, color: "#a1a1b5" }}>{figure.label}</div>
            </div>
          ))}
        </div>
      </div>
      {posters.length > 0 && (
        <div
          style={{
            display: "flex",
            flexWrap: "wrap",
            alignContent: "center",
            gap: 16,
            flexShrink: 0,
            width: POSTER.width * 2 + 16,
            height: SHARE_IMAGE_HEIGHT - 2 * PAD,
          }}
        >
          {posters.map((poster, index) => (
            <Poster key={index} title={poster.title} source={poster.source} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The card as a 1200×630 PNG. */
export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const [{ regular, bold }, posters] = await Promise.all([
    loadFonts(),
    Promise.all(
      card.posters.slice(0, 4).map(async (poster) => ({
        title: poster.title,
        source: await posterSource(poster.artwork),
      })),
    ),
  ]);
  const svg = await satori(<Card card={card} posters={posters} />, {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts: [
      { name: "DejaVu Sans", data: regular, weight: 400, style: "normal" },
      { name: "DejaVu Sans", data: bold, weight: 700, style: "normal" },
    ],
  });
  const image = await renderAsync(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}

/**
 * The answer of a preview image's address: the PNG, kept by shared caches (the page cache among
 * them, which tags it as its page and drops it with the page) and by browsers for five minutes.
 */
export async function shareImageResponse(card: ShareCard): Promise<Response> {
  const png = await renderShareImage(card);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=300, s-maxage=300",
      "Content-Length": String(png.length),
    },
  });
}
