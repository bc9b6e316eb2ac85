/*
 * Draws the installable app's PNG icons (decision 036) from the favicon's shapes into
 * public/icons/. Run once when the mark changes (`npx tsx scripts/app-icons.ts`); the PNGs are
 * committed, so neither the build nor the server draws anything.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const GROUND = "#1c1f2b";
const MARK = "#f2b544";
/** The favicon's clapperboard, on its 32-unit grid. */
const SHAPES = (fill: string) =>
  `<path d="M7 12h18v12a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z" fill="${fill}"/>` +
  `<path d="M7 8.5 24.5 5l.8 3.5L7.8 12z" fill="${fill}"/>`;

/**
 * `scale` shrinks the mark around the centre: a maskable icon keeps it inside the safe circle
 * (80% of the width) that a launcher's mask may leave. `rounded` gives the favicon's corners.
 */
function svg({ rounded, scale, ground }: { rounded: boolean; scale: number; ground: boolean }) {
  const offset = 16 - 16 * scale;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    (ground ? `<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${GROUND}"/>` : "") +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${SHAPES(ground ? MARK : "#fff")}</g>` +
    `</svg>`
  );
}

const ICONS = [
  { file: "icon-192.png", size: 192, rounded: true, scale: 1, ground: true },
  { file: "icon-512.png", size: 512, rounded: true, scale: 1, ground: true },
  { file: "icon-maskable-512.png", size: 512, rounded: false, scale: 0.7, ground: true },
  // iOS rounds the corners itself and wants no transparency.
  { file: "apple-touch-icon.png", size: 180, rounded: false, scale: 0.85, ground: true },
  // Android's status bar draws a notification's badge from its alpha only: white on nothing.
  { file: "badge-96.png", size: 96, rounded: false, scale: 1.15, ground: false },
];

const out = path.join(import.meta.dirname, "..", "public", "icons");
for (const icon of ICONS) {
  const png = new Resvg(svg(icon), { fitTo: { mode: "width", value: icon.size } }).render().asPng();
  writeFileSync(path.join(out, icon.file), png);
  console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
