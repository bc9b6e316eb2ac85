import { ListSharingPage } from "~/lists/components/list-sharing-page";
import { listSharingAction, listSharingLoader } from "~/lists/sharing.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/list-sharing";

/** "Birlikte düzenle": a list's editors and invite links, for its owner. */
export function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  return listSharingLoader(services, request, params);
}

export function action({ request, params, context: { services } }: Route.ActionArgs) {
  return listSharingAction(services, request, params);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.list.name}: paylaşım | ${SITE_NAME}` : `Liste | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ListSharingPage sharing={loaderData} created={actionData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound="Liste bulunamadı." />;
}
