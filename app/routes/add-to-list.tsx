import { addToListAction, addToListChoices } from "~/lists/add-to-list.server";
import { AddToListPage } from "~/lists/components/add-to-list-page";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/add-to-list";

/** /listeye-ekle?tur=…&id=…: the picker's data, and its page without JavaScript. */
export function loader({ request, url, context: { services } }: Route.LoaderArgs) {
  return addToListChoices(services, request, url);
}

/** "Listeye ekle…" posts here from title pages, search results and this page. */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return addToListAction(services, request);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data ? `“${data.item.name}” listeye ekle | ${SITE_NAME}` : `Listeye ekle | ${SITE_NAME}`,
  },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AddToListPage data={loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound="Bu içerik bulunamadı." />;
}
