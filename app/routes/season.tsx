import { data } from "react-router";
import { NotFoundMessage } from "~/catalogue/components/detail-hero";
import { SeasonPage } from "~/catalogue/components/season-page";
import { detailContext, loadSeasonPage } from "~/catalogue/detail-pages.server";
import { idFromSlug, numberParam } from "~/catalogue/slug";
import { metaTags, notFoundMeta } from "~/seo/meta";
import { publicPageHeaders } from "~/shell/http-cache";
import type { Route } from "./+types/season";

const NOT_FOUND = "Sezon bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  // {id} is a bare id or a series slug.
  const seriesId = idFromSlug(params.id);
  const seasonNumber = numberParam(params.seasonNumber);
  const page =
    seriesId === null || seasonNumber === null
      ? null
      : await loadSeasonPage(detailContext(services), seriesId, seasonNumber);
  if (!page) return data({ notFound: true as const }, { status: 404 });
  return page;
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page }) =>
  !page || "notFound" in page ? notFoundMeta(NOT_FOUND) : metaTags(page.seo);

export default function Page({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotFoundMessage message={NOT_FOUND} />;
  return <SeasonPage data={loaderData} />;
}
