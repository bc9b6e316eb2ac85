import { requireUser } from "~/accounts/guards.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { createListAction } from "~/lists/actions.server";
import { ListsPage } from "~/lists/components/lists-page";
import { loadListsPage } from "~/lists/list-pages.server";
import type { Route } from "./+types/lists";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  return loadListsPage(services, user);
}

/** "Yeni liste" posts here. */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return createListAction(services, request);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Listelerim | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ListsPage lists={loaderData.lists} />;
}
