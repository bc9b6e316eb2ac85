import { requireUser } from "~/accounts/guards.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { listAction } from "~/lists/actions.server";
import { ListEditPage } from "~/lists/components/list-edit-page";
import { loadListEditPage } from "~/lists/list-pages.server";
import { NO_LIST } from "~/lists/schemas";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/list-edit";

export async function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  // Someone else's list is as absent as one that never was.
  return loadListEditPage(services, user, params.listId, request);
}

/** Every form of the page (details, items, delete, leave) posts here. */
export function action({ request, params, context: { services } }: Route.ActionArgs) {
  return listAction(services, request, params.listId);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.list.name : NO_LIST} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  // "Birlikte düzenle" (the share work) is passed here as `collaborators` when it lands.
  return <ListEditPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={`${NO_LIST}.`} />;
}
