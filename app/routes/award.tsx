import { AwardDetail } from "~/awards/components/award-detail";
import { yearParam } from "~/awards/slug";
import { loadAwardPage } from "~/awards/winners.server";
import { absoluteUrl, metaTags, errorMeta } from "~/seo/meta";
import { publicPageHeaders } from "~/core/http-cache";
import type { Route } from "./+types/award";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";
import { paths } from "~/core/paths";

const NOT_FOUND = "Ödül bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const page = await loadAwardPage(services.awards, params.id, yearParam(params.year));
  invariantResponse(page);
  return {
    ...page,
    canonical: absoluteUrl(
      services.env.publicSiteUrl,
      paths.award(page.award.id, page.selectedYear),
    ),
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error }) =>
  !page
    ? errorMeta(error, NOT_FOUND)
    : metaTags({
        title: `${page.award.fullName} ${page.selectedYear} Kazananları`,
        description: `${page.award.fullName}: ${page.selectedYear} yılının kazananları ve adayları.`,
        canonical: page.canonical,
        image: null,
        type: "website",
      });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AwardDetail data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
