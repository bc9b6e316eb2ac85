import { MoviePage } from "~/catalogue/components/movie-page";
import { loadMoviePage } from "~/catalogue/detail-pages.server";
import { idFromSlug } from "~/core/slug";
import { ReviewsSection } from "~/library/components/reviews-section";
import { reviewsSocial } from "~/social/target-social.server";
import { foldsReviewsOf } from "~/social/fold-unwatched.server";
import { reviewSocialSlot } from "~/social/components/social-controls";
import { SiteRatingSummary } from "~/library/components/site-rating";
import { WatchlistButton } from "~/library/components/watchlist-button";
import { AddToListButton } from "~/lists/components/add-to-list-button";
import { itemLibrary } from "~/library/item-library.server";
import { diaryAction } from "~/history/actions.server";
import { MyRating } from "~/history/components/my-rating";
import { DiaryCount, LogSheet } from "~/history/components/log-sheet";
import { titleHistory } from "~/history/title-history.server";
import { castSeenBefore } from "~/history/seen-people.server";
import { movieSeo } from "~/seo/detail-meta";
import { errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import type { Route } from "./+types/movie";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";
import { ShareButton } from "~/ui/share-button";

const NOT_FOUND = "Film bulunamadı.";

export async function loader({ params, request, context: { services } }: Route.LoaderArgs) {
  const id = idFromSlug(params.slug);
  const [page, library, history] = await Promise.all([
    id === null ? null : loadMoviePage(services.catalogue, id),
    id === null ? null : itemLibrary(services, request, { type: "movie", id }),
    id === null ? null : titleHistory(services, request, { type: "movie", id }),
  ]);
  invariantResponse(page && library && history);
  const [seen, social, foldUnwatched] = await Promise.all([
    castSeenBefore(services, request, { type: "movie", id: page.movie.id }, page.movie.cast),
    reviewsSocial(services, request, library.reviews),
    foldsReviewsOf(services, request, { type: "movie", id: page.movie.id }),
  ]);
  return pageData(
    {
      ...page,
      ...library,
      diary: history.diary,
      seenCast: seen.seenCast,
      reviewSocial: social.reviewSocial,
      foldUnwatched,
    },
    { failed: library.failed || history.failed || seen.failed || social.failed },
  );
}

/** The İzledim sheet of the page posts here (decision 029). */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return diaryAction(services, request);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error, matches }) =>
  page ? metaTags(movieSeo(page, siteInfo(matches))) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <MoviePage
      data={loaderData}
      seenCast={loaderData.seenCast}
      watchlist={
        <>
          <LogSheet
            item={{ type: "movie", id: loaderData.movie.id }}
            diary={loaderData.diary}
            myRating={loaderData.myRating}
          />
          <WatchlistButton
            itemType="movie"
            itemId={loaderData.movie.id}
            status={loaderData.status}
          />
          <AddToListButton item={{ type: "movie", id: loaderData.movie.id }} />
          <ShareButton title={loaderData.movie.title} />
        </>
      }
      siteRating={
        <>
          <SiteRatingSummary rating={loaderData.siteRating} />
          <MyRating
            target={{ itemType: "movie", itemId: loaderData.movie.id }}
            rating={loaderData.myRating}
          />
          <DiaryCount diary={loaderData.diary} />
        </>
      }
      reviews={
        <ReviewsSection
          reviews={loaderData.reviews}
          social={reviewSocialSlot(loaderData.reviewSocial)}
          foldUnwatched={loaderData.foldUnwatched}
          item={{ type: "movie", id: loaderData.movie.id }}
          myRating={loaderData.myRating}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
