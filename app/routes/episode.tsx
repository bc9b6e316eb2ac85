import { EpisodePage } from "~/catalogue/components/episode-page";
import { loadEpisodePage } from "~/catalogue/detail-pages.server";
import { idFromSlug, numberParam } from "~/core/slug";
import { episodeSeo } from "~/seo/detail-meta";
import { errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { MyRating } from "~/history/components/my-rating";
import { setEpisodeRating } from "~/history/ratings.server";
import { episodeRatingsOfPage } from "~/history/title-history.server";
import { SiteRatingSummary } from "~/library/components/site-rating";
import { EpisodeLogSheet } from "~/tracking/components/episode-log-sheet";
import { episodeLogAction } from "~/tracking/mark-action.server";
import { episodeMark } from "~/tracking/page-marks.server";
import type { Route } from "./+types/episode";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Bölüm bulunamadı.";

export async function loader({ params, request, context: { services } }: Route.LoaderArgs) {
  const seriesId = idFromSlug(params.id);
  const season = numberParam(params.seasonNumber);
  const episode = numberParam(params.episodeNumber);
  const known =
    seriesId === null || season === null || episode === null ? null : { seriesId, season, episode };
  const [page, ratings] = await Promise.all([
    known && loadEpisodePage(services.catalogue, known.seriesId, known.season, known.episode),
    known && episodeRatingsOfPage(services, request, known),
  ]);
  invariantResponse(page && ratings);
  const mark = await episodeMark(services, request, page.episode, page.episode.airDate);
  return pageData({ ...page, mark, ratings }, { failed: mark.failed || ratings.failed });
}

/** The İzledim sheet of the page posts here; its Puanım is history's, handed in. */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return episodeLogAction(services, request, async (userId, key, rating) => {
    const episode = {
      seriesId: key.seriesId,
      season: key.seasonNumber,
      episode: key.episodeNumber,
    };
    await setEpisodeRating(services.database.db, userId, episode, rating);
    await services.changes.changed([{ type: "tv", id: key.seriesId }]);
  });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error, matches }) =>
  page ? metaTags(episodeSeo(page, siteInfo(matches))) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { episode, mark, ratings } = loaderData;
  return (
    <EpisodePage
      data={loaderData}
      actions={
        <EpisodeLogSheet
          target={{
            seriesId: episode.seriesId,
            season: episode.seasonNumber,
            episode: episode.episodeNumber,
          }}
          mark={mark}
          myRating={ratings.myRating}
        />
      }
      rating={
        <>
          <SiteRatingSummary rating={ratings.siteRating} />
          <MyRating
            target={{
              itemType: "episode",
              itemId: episode.seriesId,
              season: episode.seasonNumber,
              episode: episode.episodeNumber,
            }}
            rating={ratings.myRating}
          />
        </>
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
