import { PersonPage } from "~/catalogue/components/person-page";
import { detailContext, loadPersonPage } from "~/catalogue/detail-pages.server";
import { idFromSlug } from "~/catalogue/slug";
import { ReviewsSection } from "~/library/components/reviews-section";
import { SiteRatingSummary } from "~/library/components/site-rating";
import { itemLibrary } from "~/library/item-library.server";
import { metaTags, errorMeta } from "~/seo/meta";
import { pageData, publicPageHeaders } from "~/shell/http-cache";
import type { Route } from "./+types/person";
import { invariantResponse } from "~/shell/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Oyuncu bulunamadı.";

export async function loader({ params, request, context: { services } }: Route.LoaderArgs) {
  const id = idFromSlug(params.slug);
  const [page, library] = await Promise.all([
    id === null ? null : loadPersonPage(detailContext(services), id),
    id === null ? null : itemLibrary(services, request, { type: "person", id }),
  ]);
  invariantResponse(page && library);
  return pageData({ ...page, ...library }, library);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error }) =>
  page ? metaTags(page.seo) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <PersonPage
      data={loaderData}
      siteRating={<SiteRatingSummary rating={loaderData.siteRating} />}
      reviews={
        <ReviewsSection
          reviews={loaderData.reviews}
          item={{ type: "person", id: loaderData.person.id }}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
