import { imageUrl } from "~/catalogue/images";
import { publicPageHeaders } from "~/core/http-cache";
import { ListPage } from "~/lists/components/list-page";
import { loadListPage } from "~/lists/list-pages.server";
import { NO_LIST } from "~/lists/schemas";
import { absoluteUrl, errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/list";

export function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  return loadListPage(services, request, params.slug);
}

// Anonymous readers get a page the page cache may keep (public and unlisted lists alike: the
// same for everyone); every change of the list drops it (its `list:{id}` tag).
export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  if (!data) return errorMeta(error, `${NO_LIST}.`);
  const site = siteInfo(matches);
  const poster = imageUrl(site.imageBaseUrl, "w500", data.seo.posterPath);
  const tags = metaTags({
    title: data.list.name,
    description: data.seo.description,
    canonical: absoluteUrl(site.siteUrl, data.path),
    image: poster ? absoluteUrl(site.siteUrl, poster) : null,
    type: "website",
  });
  // Unlisted (and a private list its owner or an editor reads): never in a search engine.
  return data.seo.indexable ? tags : [...tags, { name: "robots", content: "noindex" }];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ListPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={`${NO_LIST}.`} />;
}
