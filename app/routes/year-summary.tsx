import { redirect, type MetaDescriptor } from "react-router";
import { requireUser } from "~/accounts/guards.server";
import { today } from "~/core/clock.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { invariantResponse } from "~/core/invariant";
import { paths } from "~/core/paths";
import { SITE_NAME } from "~/core/site";
import { YearSummaryPage } from "~/history/components/year-summary-page";
import { FIRST_SUMMARY_YEAR, yearSummary, summaryYear } from "~/history/year-summary.server";
import { publicUsernameOf } from "~/profiles/profile-page.server";
import { shareImage, siteInfo } from "~/seo/meta";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/year-summary";

const NOT_FOUND = "Aradığınız sayfa bulunamadı ya da taşınmış olabilir.";

export async function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  // Checked first: an anonymous visitor learns nothing, not even which years exist.
  const user = await requireUser(request, services);
  const thisYear = Number(today().slice(0, 4));
  if (params.year === undefined) throw redirect(paths.yearSummary(thisYear));
  const year = summaryYear(params.year);
  invariantResponse(year);
  const [summary, publicUsername] = await Promise.all([
    yearSummary(services, user.id, year),
    publicUsernameOf(services.database.db, user.id),
  ]);
  return {
    summary,
    // Its picture is public only with a public profile (decision 028).
    shareImage: publicUsername ? paths.yearSummaryImage(publicUsername, year) : null,
    previousYear: year > FIRST_SUMMARY_YEAR ? year - 1 : null,
    // Next year's summary exists, but is only offered once this one is over.
    nextYear: year < thisYear ? year + 1 : null,
  };
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const tags: MetaDescriptor[] = [
    {
      title: data
        ? `${data.summary.year} Özetim | ${SITE_NAME}`
        : `Sayfa bulunamadı | ${SITE_NAME}`,
    },
    { name: "robots", content: "noindex" },
  ];
  if (!data?.shareImage) return tags;
  const { image, imageSize } = shareImage(siteInfo(matches).siteUrl, data.shareImage);
  return [
    ...tags,
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(imageSize.width) },
    { property: "og:image:height", content: String(imageSize.height) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <YearSummaryPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
