import { publicPageHeaders } from "~/core/http-cache";
import { paths } from "~/core/paths";
import { ListPage } from "~/lists/components/list-page";
import { loadListPage } from "~/lists/list-pages.server";
import { NO_LIST } from "~/lists/schemas";
import { absoluteUrl, errorMeta, metaTags, shareImage, siteInfo } from "~/seo/meta";
import { RouteErrorBoundary } from "~/shell/status-pages";
import { SocialBar } from "~/social/components/social-controls";
import { listSocial } from "~/social/target-social.server";
import type { Route } from "./+types/list";

export async function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  const page = await loadListPage(services, request, params.slug);
  // Beğen and comments on a public list (issue #38): the counts are everyone's, the rest the reader's.
  return { ...page, social: await listSocial(services, request, page.list) };
}

// Anonymous readers get a page the page cache may keep (public and unlisted lists alike: the
// same for everyone); every change of the list drops it (its `list:{id}` tag).
export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  if (!data) return errorMeta(error, `${NO_LIST}.`);
  const site = siteInfo(matches);
  // The composed picture (decision 028); a private list has none: nobody else may see it.
  const picture =
    data.list.visibility === "private"
      ? { image: null }
      : shareImage(site.siteUrl, paths.listImage(data.list));
  const tags = metaTags({
    title: data.list.name,
    description: data.seo.description,
    canonical: absoluteUrl(site.siteUrl, data.path),
    ...picture,
    type: "website",
  });
  // Unlisted (and a private list its owner or an editor reads): never in a search engine.
  return data.seo.indexable ? tags : [...tags, { name: "robots", content: "noindex" }];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { social, list } = loaderData;
  return (
    <ListPage
      data={loaderData}
      social={
        social && (
          <SocialBar
            target={{ type: "list", id: list.id }}
            social={social}
            reportable={!social.owner}
          />
        )
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={`${NO_LIST}.`} />;
}
