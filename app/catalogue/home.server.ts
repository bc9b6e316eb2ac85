import { tolerant, type Catalogue } from "./catalogue.server";
import type { MovieSummary, SeriesSummary } from "./types";

export const HOME_GRID_SIZE = 12;

export interface HomeGrids {
  popularMovies: MovieSummary[] | null;
  trendingMovies: MovieSummary[] | null;
  popularSeries: SeriesSummary[] | null;
  /** A grid failed: the page shows its error text and must not be cached. */
  failed: boolean;
}

/** The home page's three grids, fetched together; a failed grid is null, the others still show. */
export async function loadHomeGrids(catalogue: Catalogue): Promise<HomeGrids> {
  const [popularMovies, trendingMovies, popularSeries] = await Promise.all([
    tolerant(catalogue.popularMovies()),
    tolerant(catalogue.trendingMovies()),
    tolerant(catalogue.popularSeries()),
  ]);
  return {
    popularMovies: popularMovies.value?.results.slice(0, HOME_GRID_SIZE) ?? null,
    trendingMovies: trendingMovies.value?.results.slice(0, HOME_GRID_SIZE) ?? null,
    popularSeries: popularSeries.value?.results.slice(0, HOME_GRID_SIZE) ?? null,
    failed: popularMovies.failed || trendingMovies.failed || popularSeries.failed,
  };
}
