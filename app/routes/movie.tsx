import { MoviePage } from "~/catalogue/components/movie-page";
import { detailContext, loadMoviePage } from "~/catalogue/detail-pages.server";
import { idFromSlug } from "~/catalogue/slug";
import { ReviewsSection } from "~/library/components/reviews-section";
import { SiteRatingSummary } from "~/library/components/site-rating";
import { WatchlistButton } from "~/library/components/watchlist-button";
import { itemLibrary } from "~/library/item-library.server";
import { metaTags, errorMeta } from "~/seo/meta";
import { pageData, publicPageHeaders } from "~/shell/http-cache";
import type { Route } from "./+types/movie";
import { invariantResponse } from "~/shell/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Film bulunamadı.";

export async function loader({ params, request, context: { services } }: Route.LoaderArgs) {
  const id = idFromSlug(params.slug);
  const [page, library] = await Promise.all([
    id === null ? null : loadMoviePage(detailContext(services), id),
    id === null ? null : itemLibrary(services, request, { type: "movie", id }),
  ]);
  invariantResponse(page && library);
  return pageData({ ...page, ...library }, library);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error }) =>
  page ? metaTags(page.seo) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <MoviePage
      data={loaderData}
      watchlist={
        <WatchlistButton itemType="movie" itemId={loaderData.movie.id} status={loaderData.status} />
      }
      siteRating={<SiteRatingSummary rating={loaderData.siteRating} />}
      reviews={
        <ReviewsSection
          reviews={loaderData.reviews}
          item={{ type: "movie", id: loaderData.movie.id }}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
