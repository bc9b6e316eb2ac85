import { data } from "react-router";
import { NotFoundMessage } from "~/catalogue/components/detail-hero";
import { SeriesPage } from "~/catalogue/components/series-page";
import { detailContext, loadSeriesPage } from "~/catalogue/detail-pages.server";
import { idFromSlug } from "~/catalogue/slug";
import { ReviewsSection } from "~/library/components/reviews-section";
import { WatchlistButton } from "~/library/components/watchlist-button";
import { listItemReviews } from "~/library/reviews.server";
import { metaTags, notFoundMeta } from "~/seo/meta";
import { publicPageHeaders } from "~/shell/http-cache";
import type { Route } from "./+types/series";

const NOT_FOUND = "Dizi bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const id = idFromSlug(params.slug);
  const [page, reviews] = await Promise.all([
    id === null ? null : loadSeriesPage(detailContext(services), id),
    id === null ? [] : listItemReviews(services.database.db, services.logger, { type: "tv", id }),
  ]);
  if (!page) return data({ notFound: true as const }, { status: 404 });
  return { ...page, reviews };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page }) =>
  !page || "notFound" in page ? notFoundMeta(NOT_FOUND) : metaTags(page.seo);

export default function Page({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotFoundMessage message={NOT_FOUND} />;
  return (
    <SeriesPage
      data={loaderData}
      watchlist={<WatchlistButton />}
      reviews={<ReviewsSection reviews={loaderData.reviews} />}
    />
  );
}
