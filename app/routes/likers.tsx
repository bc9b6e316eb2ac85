import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { RouteErrorBoundary } from "~/shell/status-pages";
import { LikersPage } from "~/social/components/likers-page";
import { loadLikersPage } from "~/social/likers-page.server";
import type { Route } from "./+types/likers";

/** /begenenler/{yorum|gunluk|liste}/{id}: who liked it (issue #38.3). */
export function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  return loadLikersPage(services, request, params);
}

// Blocks hide people from each other: the page is the reader's own, never a shared copy.
export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Beğenenler: ${data.thing.label} | ${SITE_NAME}` : "Sayfa bulunamadı" },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LikersPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound="Bu içerik bulunamadı." />;
}
