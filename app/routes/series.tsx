import { SeriesPage } from "~/catalogue/components/series-page";
import { loadSeriesPage } from "~/catalogue/detail-pages.server";
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
import { seriesSeo } from "~/seo/detail-meta";
import { errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import type { Route } from "./+types/series";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";
import { ShareButton } from "~/ui/share-button";
import { seriesProgressSlots } from "~/tracking/components/page-marks";
import { seriesMarks } from "~/tracking/page-marks.server";

const NOT_FOUND = "Dizi bulunamadı.";

export async function loader({ params, request, context: { services } }: Route.LoaderArgs) {
  const id = idFromSlug(params.slug);
  const [page, library, history, marks] = await Promise.all([
    id === null ? null : loadSeriesPage(services.catalogue, id),
    id === null ? null : itemLibrary(services, request, { type: "tv", id }),
    id === null ? null : titleHistory(services, request, { type: "tv", id }),
    id === null ? null : seriesMarks(services, request, id),
  ]);
  invariantResponse(page && library && history && marks);
  const [social, foldUnwatched] = await Promise.all([
    reviewsSocial(services, request, library.reviews),
    foldsReviewsOf(services, request, { type: "tv", id: page.series.id }),
  ]);
  return pageData(
    {
      ...page,
      ...library,
      reviewSocial: social.reviewSocial,
      foldUnwatched,
      diary: history.diary,
      progress: marks.seasons,
      progressPartial: marks.partial,
    },
    { failed: library.failed || history.failed || marks.failed || social.failed },
  );
}

/** The İzledim sheet of the page posts here (decision 029). */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return diaryAction(services, request);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error, matches }) =>
  page ? metaTags(seriesSeo(page, siteInfo(matches))) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { progress, seasonProgress } = seriesProgressSlots(
    loaderData.progress,
    loaderData.progressPartial,
  );
  return (
    <SeriesPage
      data={loaderData}
      progress={progress}
      seasonProgress={seasonProgress}
      watchlist={
        <>
          <LogSheet
            item={{ type: "tv", id: loaderData.series.id }}
            diary={loaderData.diary}
            myRating={loaderData.myRating}
          />
          <WatchlistButton itemType="tv" itemId={loaderData.series.id} status={loaderData.status} />
          <AddToListButton item={{ type: "tv", id: loaderData.series.id }} />
          <ShareButton title={loaderData.series.name} />
        </>
      }
      siteRating={
        <>
          <SiteRatingSummary rating={loaderData.siteRating} />
          <MyRating
            target={{ itemType: "tv", itemId: loaderData.series.id }}
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
          item={{ type: "tv", id: loaderData.series.id }}
          myRating={loaderData.myRating}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
