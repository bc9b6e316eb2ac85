// Latency of search, discover and recommendations on the local source at 10,000 and 100,000 titles (generated),
// on in-memory PGlite: npm run bench:catalogue [-- --sizes 10000,100000 --runs 200]
// The source keeps a count per filter and the search names in memory (they change only when
// content is loaded): the "first time" rows measure a fresh source, where neither is known yet.
import { parseArgs } from "node:util";
import { replaceCatalogueRows } from "../app/catalogue/local/load.server";
import { createLocalSource } from "../app/catalogue/local/local-source.server";
import { contentToRows } from "../app/catalogue/local/rows.server";
import { generateCatalogue } from "./lib/synthetic-catalogue";
import { FILM_AGE_RATINGS, SERIES_AGE_RATINGS } from "../app/catalogue/age-ratings";
import { openDatabase } from "../app/db/client.server";
import { createLogger } from "../app/core/logger.server";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    runs: { type: "string", default: "200" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const runs = Number(values.runs);
const logger = createLogger("silent");

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, queries: (() => Promise<unknown>)[]) {
  for (const query of queries.slice(0, 10)) await query(); // warm up
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await queries[index % queries.length]!();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
  );
}

for (const titles of sizes) {
  const movies = Math.round(titles * 0.8);
  const content = generateCatalogue({
    movies,
    series: titles - movies,
    people: Math.round(titles / 2),
  });
  // Turkish age ratings on about one title in three (each rating in turn), as for rated content:
  // "Aile dostu" then keeps about one in seven films.
  content.movies.forEach((movie, index) => {
    if (index % 3 === 0) movie.ageRating = FILM_AGE_RATINGS[(index / 3) % FILM_AGE_RATINGS.length];
  });
  content.series.forEach((show, index) => {
    if (index % 3 === 0)
      show.ageRating = SERIES_AGE_RATINGS[(index / 3) % SERIES_AGE_RATINGS.length];
  });
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const loadStarted = performance.now();
  await replaceCatalogueRows(database.db, contentToRows(content), `bench-${titles}`);
  const loadSeconds = ((performance.now() - loadStarted) / 1000).toFixed(1);
  const catalogue = createLocalSource(database.db, logger);
  console.log(
    `\n${titles.toLocaleString("en")} titles (${movies} films, ${titles - movies} series, ${content.people.length} people), loaded in ${loadSeconds} s`,
  );

  const indexStarted = performance.now();
  await catalogue.search("isik");
  console.log(
    `  first search (loads the names)     ${(performance.now() - indexStarted).toFixed(0).padStart(7)} ms`,
  );

  const words = [
    "isik",
    "istanbul",
    "sehir yol",
    "ruzgar",
    "kayip deniz",
    "gunes 12",
    "oguz",
    "celik",
  ];
  await measure(
    "search (Turkish-insensitive)",
    words.map((word) => () => catalogue.search(word)),
  );
  await measure(
    "discover: genre, popularity",
    [28, 18, 35, 27].map((genreId) => () => catalogue.discoverMovies({ genreId })),
  );
  await measure(
    "discover: genre, first time",
    [28, 18, 35, 27].map(
      (genreId) => () => createLocalSource(database.db, logger).discoverMovies({ genreId }),
    ),
  );
  await measure(
    "discover: genre, rating ≥ 7, page 3",
    [28, 18, 35, 27].map(
      (genreId) => () =>
        catalogue.discoverMovies({
          genreId,
          voteAverageGte: 7,
          voteCountGte: 500,
          sortBy: "vote_average.desc",
          page: 3,
        }),
    ),
  );
  await measure(
    "discover: genre, aile dostu",
    [28, 18, 35, 27].map(
      (genreId) => () => catalogue.discoverMovies({ genreId, familyFriendly: true }),
    ),
  );
  await measure(
    "discover: aile dostu, rating, page 3",
    [28, 18, 35, 27].map(
      (genreId) => () =>
        catalogue.discoverMovies({
          genreId,
          familyFriendly: true,
          sortBy: "vote_average.desc",
          page: 3,
        }),
    ),
  );
  await measure(
    "discover: years 2000-2010, newest",
    [18, 80].map(
      (genreId) => () =>
        catalogue.discoverSeries({
          genreId,
          yearGte: 2000,
          yearLte: 2010,
          sortBy: "first_air_date.desc",
        }),
    ),
  );
  const sample = (await catalogue.popularMovies(3))!.results.map((movie) => movie.id);
  const sampleSeries = (await catalogue.popularSeries(3))!.results.map((show) => show.id);
  await measure(
    "recommendations: film",
    sample.map((id) => () => catalogue.movieRecommendations(id)),
  );
  await measure(
    "recommendations: series",
    sampleSeries.map((id) => () => catalogue.seriesRecommendations(id)),
  );
  await database.close();
}
