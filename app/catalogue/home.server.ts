import { toCards, type TitleCard } from "./cards";
import { tolerant, type Catalogue } from "./catalogue.server";

const HOME_GRID_SIZE = 12;

export interface HomeGrids {
  popularMovies: TitleCard[] | null;
  trendingMovies: TitleCard[] | null;
  popularSeries: TitleCard[] | null;
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
    popularMovies: toCards(popularMovies.value?.results.slice(0, HOME_GRID_SIZE)),
    trendingMovies: toCards(trendingMovies.value?.results.slice(0, HOME_GRID_SIZE)),
    popularSeries: toCards(popularSeries.value?.results.slice(0, HOME_GRID_SIZE)),
    failed: popularMovies.failed || trendingMovies.failed || popularSeries.failed,
  };
}
