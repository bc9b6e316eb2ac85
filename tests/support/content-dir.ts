import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CatalogueContent } from "~/catalogue/local/content.server";

/** Writes catalogue content as the embedded catalogue's folder of files (genres, movies…). */
export async function writeContentDir(dir: string, content: CatalogueContent) {
  for (const folder of ["movies", "series", "people"])
    await mkdir(path.join(dir, folder), { recursive: true });
  await writeFile(path.join(dir, "genres.json"), JSON.stringify(content.genres));
  await writeFile(path.join(dir, "movies", "all.json"), JSON.stringify(content.movies));
  await writeFile(path.join(dir, "series", "all.json"), JSON.stringify(content.series));
  await writeFile(path.join(dir, "people", "all.json"), JSON.stringify(content.people));
}
