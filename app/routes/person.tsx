import { PersonPage } from "~/catalogue/components/person-page";
import { loadPersonPage } from "~/catalogue/detail-pages.server";
import { idFromSlug } from "~/core/slug";
import { ReviewsSection } from "~/library/components/reviews-section";
import { reviewsSocial } from "~/social/target-social.server";
import { reviewSocialSlot } from "~/social/components/social-controls";
import { SiteRatingSummary } from "~/library/components/site-rating";
import { itemLibrary } from "~/library/item-library.server";
import { personSeo } from "~/seo/detail-meta";
import { SeenIn } from "~/history/components/seen-in";
import { personSeenLine } from "~/history/seen-people.server";
import { errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import type { Route } from "./+types/person";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Oyuncu bulunamadı.";

export async function loader({ params, request, context: { services } }: Route.LoaderArgs) {
  const id = idFromSlug(params.slug);
  const [page, library, seen] = await Promise.all([
    id === null ? null : loadPersonPage(services.catalogue, id),
    id === null ? null : itemLibrary(services, request, { type: "person", id }),
    id === null ? null : personSeenLine(services, request, id),
  ]);
  invariantResponse(page && library && seen);
  const social = await reviewsSocial(services, request, library.reviews);
  return pageData(
    { ...page, ...library, seen: seen.seen, reviewSocial: social.reviewSocial },
    { failed: library.failed || seen.failed || social.failed },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error, matches }) =>
  page ? metaTags(personSeo(page, siteInfo(matches))) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <PersonPage
      data={loaderData}
      siteRating={<SiteRatingSummary rating={loaderData.siteRating} />}
      seen={
        <SeenIn seen={loaderData.seen} acting={loaderData.person.knownForDepartment === "Acting"} />
      }
      reviews={
        <ReviewsSection
          reviews={loaderData.reviews}
          social={reviewSocialSlot(loaderData.reviewSocial)}
          item={{ type: "person", id: loaderData.person.id }}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
