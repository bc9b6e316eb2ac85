// Counts of the embedded catalogue and how complete it is: npm run catalogue:stats [-- dir]
import path from "node:path";
import { ContentError, loadCatalogueContent } from "../app/catalogue/local/content.server";
import { DEFAULT_CONTENT_DIR } from "../app/catalogue/local/load.server";

const dir = path.resolve(process.argv[2] ?? DEFAULT_CONTENT_DIR);
let content;
try {
  content = await loadCatalogueContent(dir);
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.problems.join("\n"));
    process.exit(1);
  }
  throw error;
}
const { movies, series, people } = content;
const seasons = series.flatMap((show) => show.seasons);
const episodes = seasons.flatMap((season) => season.episodes ?? []);
const credits =
  movies.reduce((sum, movie) => sum + movie.cast.length + movie.crew.length, 0) +
  series.reduce(
    (sum, show) => sum + show.cast.length + show.crew.length + show.createdBy.length,
    0,
  ) +
  episodes.reduce((sum, episode) => sum + episode.guestStars.length + episode.crew.length, 0);
const share = (part: number, whole: number) =>
  whole === 0 ? "-" : `${((part / whole) * 100).toFixed(0)}%`;
const titles = [...movies, ...series];

const rows: [string, string | number][] = [
  ["films", movies.length],
  ["Turkish films", movies.filter((movie) => movie.originalLanguage === "tr").length],
  ["series", series.length],
  ["Turkish series", series.filter((show) => show.originalLanguage === "tr").length],
  ["seasons", seasons.length],
  [
    "series with episodes",
    series.filter((show) => show.seasons.some((s) => s.episodes?.length)).length,
  ],
  ["episodes", episodes.length],
  ["people", people.length],
  ["credits", credits],
  [
    "films and series with an overview",
    share(titles.filter((t) => t.overview.trim()).length, titles.length),
  ],
  ["films with a runtime", share(movies.filter((movie) => movie.runtime).length, movies.length)],
  [
    "films and series with credits",
    share(titles.filter((t) => t.cast.length > 0).length, titles.length),
  ],
  [
    "people with a biography",
    share(people.filter((p) => p.biography.trim()).length, people.length),
  ],
  ["people with a birth date", share(people.filter((p) => p.birthday).length, people.length)],
  [
    "items with a movie-database id",
    share(
      [...movies, ...series, ...people].filter((item) => item.id < 90_000_000).length,
      movies.length + series.length + people.length,
    ),
  ],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
