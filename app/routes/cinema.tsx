import { CinemaListing } from "~/catalogue/components/cinema-listing";
import { loadCinemaPage } from "~/catalogue/cinema.server";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { invariantResponse } from "~/core/invariant";
import { paths } from "~/core/paths";
import { absoluteUrl, errorMeta, metaTags } from "~/seo/meta";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/cinema";

const NOT_FOUND = "Aradığınız sayfa bulunamadı ya da taşınmış olabilir.";

// /vizyonda and /vizyonda/aile-dostu.
export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const page = await loadCinemaPage(services.catalogue, params.filter);
  invariantResponse(page);
  const path = page.familyOnly ? paths.cinemaFamilyFriendly : paths.cinema;
  return pageData({ ...page, canonical: absoluteUrl(services.env.publicSiteUrl, path) }, page);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error }) =>
  !page
    ? errorMeta(error, NOT_FOUND)
    : metaTags({
        title: page.familyOnly ? "Vizyonda: Aile Dostu Filmler" : "Vizyonda",
        description: page.familyOnly
          ? "Türkiye sinemalarında şu anda gösterimde olan ve yakında vizyona girecek, genel izleyiciye ve çocuklara uygun filmler."
          : "Türkiye sinemalarında bu hafta vizyona giren filmler, vizyondakiler ve yakında gösterime girecek olanlar, Türkiye vizyon tarihleriyle.",
        canonical: page.canonical,
        image: null,
        type: "website",
      });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CinemaListing data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
