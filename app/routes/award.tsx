import { data } from "react-router";
import { AwardDetail } from "~/awards/components/award-detail";
import { yearParam } from "~/awards/slug";
import { loadAwardPage } from "~/awards/winners.server";
import { NotFoundMessage } from "~/catalogue/components/detail-hero";
import { absoluteUrl, metaTags, notFoundMeta } from "~/seo/meta";
import { publicPageHeaders } from "~/shell/http-cache";
import type { Route } from "./+types/award";

const NOT_FOUND = "Ödül bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const page = await loadAwardPage(services.awards, params.id, yearParam(params.year));
  if (!page) return data({ notFound: true as const }, { status: 404 });
  return {
    ...page,
    canonical: absoluteUrl(
      services.env.publicSiteUrl,
      `/oduller/${page.award.id}/${page.selectedYear}`,
    ),
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page }) =>
  !page || "notFound" in page
    ? notFoundMeta(NOT_FOUND)
    : metaTags({
        title: `${page.award.fullName} ${page.selectedYear} Kazananları`,
        description: `${page.award.fullName}: ${page.selectedYear} yılının kazananları ve adayları.`,
        canonical: page.canonical,
        image: null,
        type: "website",
      });

export default function Page({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotFoundMessage message={NOT_FOUND} />;
  return <AwardDetail data={loaderData} />;
}
