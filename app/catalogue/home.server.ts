import type { Catalogue } from "./catalogue.server";
import type { MovieSummary, SeriesSummary } from "./types";

export const HOME_GRID_SIZE = 12;

export interface HomeGrids {
  popularMovies: MovieSummary[] | null;
  trendingMovies: MovieSummary[] | null;
  popularSeries: SeriesSummary[] | null;
}

/** The home page's three grids, fetched together; a failed grid is null, the others still show. */
export async function loadHomeGrids(catalogue: Catalogue): Promise<HomeGrids> {
  const [popularMovies, trendingMovies, popularSeries] = await Promise.all([
    catalogue.popularMovies(),
    catalogue.trendingMovies(),
    catalogue.popularSeries(),
  ]);
  return {
    popularMovies: popularMovies?.results.slice(0, HOME_GRID_SIZE) ?? null,
    trendingMovies: trendingMovies?.results.slice(0, HOME_GRID_SIZE) ?? null,
    popularSeries: popularSeries?.results.slice(0, HOME_GRID_SIZE) ?? null,
  };
}
