import path from "node:path";
import { ContentError, loadCatalogueContent } from "../app/catalogue/local/content.server";

const dir = path.resolve(process.argv[2] ?? "content/catalogue");
try {
  const content = await loadCatalogueContent(dir);
  const turkish = content.movies.filter((movie) => movie.originalLanguage === "tr").length;
  const turkishSeries = content.series.filter((series) => series.originalLanguage === "tr").length;
  const withEpisodes = content.series.filter((series) =>
    series.seasons.some((season) => season.episodes?.length),
  ).length;
  const complete = content.series.filter((series) => {
    const regular = series.seasons.filter((season) => season.seasonNumber > 0);
    return regular.length > 0 && regular.every((season) => season.episodes?.length);
  }).length;
  const imdbIds = [...content.movies, ...content.series].filter((item) => item.imdbId).length;
  const bios = content.people.filter((person) => person.biography.length > 0).length;
  console.log(
    `OK: ${content.movies.length} films (${turkish} Turkish), ${content.series.length} series (${turkishSeries} Turkish, ${withEpisodes} with episodes, ${complete} with every regular season's episodes), ${imdbIds} IMDb ids, ${content.people.length} people (${bios} with biography)`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.problems.join("\n"));
    console.error(`${error.problems.length} problem(s)`);
    process.exit(1);
  }
  throw error;
}
