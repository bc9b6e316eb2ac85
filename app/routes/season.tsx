import { SeasonPage } from "~/catalogue/components/season-page";
import { loadSeasonPage } from "~/catalogue/detail-pages.server";
import { idFromSlug, numberParam } from "~/core/slug";
import { seasonSeo } from "~/seo/detail-meta";
import { errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { useSeasonMarks } from "~/tracking/components/page-marks";
import { seasonMarks } from "~/tracking/page-marks.server";
import type { Route } from "./+types/season";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Sezon bulunamadı.";

export async function loader({ params, request, context: { services } }: Route.LoaderArgs) {
  // {id} is a bare id or a series slug.
  const seriesId = idFromSlug(params.id);
  const seasonNumber = numberParam(params.seasonNumber);
  const page =
    seriesId === null || seasonNumber === null
      ? null
      : await loadSeasonPage(services.catalogue, seriesId, seasonNumber);
  invariantResponse(page);
  const { season } = page;
  const marks = await seasonMarks(
    services,
    request,
    season.seriesId,
    season.seasonNumber,
    season.episodes,
  );
  return pageData({ ...page, marks }, marks);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error, matches }) =>
  page ? metaTags(seasonSeo(page, siteInfo(matches))) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { season, marks } = loaderData;
  const { header, rowActions } = useSeasonMarks(season.seriesId, season.seasonNumber, marks);
  return <SeasonPage data={loaderData} tracking={header} episodeActions={rowActions} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
