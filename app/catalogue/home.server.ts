import type { Catalogue } from "./catalogue.server";
import { toCards, type TitleCard } from "./cards";

export const HOME_GRID_SIZE = 12;

export interface HomeGrids {
  popularMovies: TitleCard[] | null;
  trendingMovies: TitleCard[] | null;
  popularSeries: TitleCard[] | null;
}

/** The home page's three grids, fetched together; a failed grid is null, the others still show. */
export async function loadHomeGrids(catalogue: Catalogue): Promise<HomeGrids> {
  const [popularMovies, trendingMovies, popularSeries] = await Promise.all([
    catalogue.popularMovies(),
    catalogue.trendingMovies(),
    catalogue.popularSeries(),
  ]);
  return {
    popularMovies: toCards(popularMovies?.results.slice(0, HOME_GRID_SIZE)),
    trendingMovies: toCards(trendingMovies?.results.slice(0, HOME_GRID_SIZE)),
    popularSeries: toCards(popularSeries?.results.slice(0, HOME_GRID_SIZE)),
  };
}
