import { and, eq } from "drizzle-orm";
import { catalogueEpisodes, cataloguePeople, catalogueTitles } from "~/db/catalogue-schema";
import type { Database } from "~/db/client.server";
import type { EpisodeDetails, MovieSummary, PersonSummary, SeriesSummary } from "../types";

/*
 * Artwork for the local catalogue, drawn as SVG from the title and a colour derived from the id,
 * so a machine with no internet shows real-looking posters and no broken image.
 */

function hue(id: number) {
  return Math.abs(Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d)) % 360;
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, width - 1)}…`;
  }
  return lines;
}

function frame(width: number, height: number, id: number, body: string) {
  const h = hue(id);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${h} 55% 38%)"/><stop offset="1" stop-color="hsl(${(h + 50) % 360} 60% 14%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<g font-family="Inter, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif" fill="#fff">${body}</g>
</svg>`;
}

function textLines(lines: string[], x: number, y: number, size: number, anchor = "middle") {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * size * 1.2}" font-size="${size}" font-weight="700" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join("");
}

function poster(id: number, title: string, year: string | null) {
  const lines = wrap(title, 14, 5);
  const top = 375 - (lines.length * 52 * 1.2) / 2 + 40;
  return frame(
    500,
    750,
    id,
    `<rect x="30" y="30" width="440" height="690" rx="18" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="3"/>` +
      textLines(lines, 250, top, 52) +
      (year
        ? `<text x="250" y="680" font-size="34" text-anchor="middle" fill-opacity=".8">${year}</text>`
        : ""),
  );
}

function backdrop(id: number, title: string) {
  const lines = wrap(title, 28, 2);
  return frame(1280, 720, id, `<g fill-opacity=".18">${textLines(lines, 640, 380, 110)}</g>`);
}

function profile(id: number, name: string) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toLocaleUpperCase("tr-TR"))
    .join("");
  return frame(
    500,
    750,
    id,
    `<circle cx="250" cy="330" r="150" fill="#fff" fill-opacity=".15"/>` +
      textLines([initials], 250, 385, 150) +
      textLines(wrap(name, 16, 2), 250, 600, 44),
  );
}

function still(id: number, label: string, name: string) {
  return frame(
    1280,
    720,
    id,
    textLines([label], 640, 330, 90) +
      `<g fill-opacity=".85">${textLines(wrap(name, 34, 2), 640, 450, 52)}</g>`,
  );
}

/**
 * The SVG for an artwork path made by rows.server.ts (e.g. "/poster/movie/238.svg"), or null
 * when the path or the item is unknown.
 */
export async function renderArtwork(db: Database, path: string): Promise<string | null> {
  let match = /^\/(poster|backdrop)\/(movie|tv)\/(\d+)\.svg$/.exec(path);
  if (match) {
    const [, kind, mediaType, rawId] = match;
    const id = Number(rawId);
    const [row] = await db
      .select({ summary: catalogueTitles.summary })
      .from(catalogueTitles)
      .where(
        and(eq(catalogueTitles.mediaType, mediaType as "movie" | "tv"), eq(catalogueTitles.id, id)),
      );
    if (!row) return null;
    const summary = row.summary as MovieSummary | SeriesSummary;
    const title = summary.mediaType === "movie" ? summary.title : summary.name;
    const date = summary.mediaType === "movie" ? summary.releaseDate : summary.firstAirDate;
    return kind === "poster" ? poster(id, title, date?.slice(0, 4) ?? null) : backdrop(id, title);
  }
  match = /^\/profile\/person\/(\d+)\.svg$/.exec(path);
  if (match) {
    const id = Number(match[1]);
    const [row] = await db
      .select({ summary: cataloguePeople.summary })
      .from(cataloguePeople)
      .where(eq(cataloguePeople.id, id));
    return row ? profile(id, (row.summary as PersonSummary).name) : null;
  }
  match = /^\/still\/tv\/(\d+)\/(\d+)\/(\d+)\.svg$/.exec(path);
  if (match) {
    const [seriesId, season, episode] = match.slice(1).map(Number) as [number, number, number];
    const e = catalogueEpisodes;
    const [row] = await db
      .select({ details: e.details })
      .from(e)
      .where(
        and(eq(e.seriesId, seriesId), eq(e.seasonNumber, season), eq(e.episodeNumber, episode)),
      );
    if (!row) return null;
    const details = row.details as EpisodeDetails;
    return still(details.id, `${season}. Sezon · ${episode}. Bölüm`, details.name);
  }
  return null;
}
