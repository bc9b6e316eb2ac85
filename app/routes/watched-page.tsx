import { requireUser } from "~/accounts/guards.server";
import { WatchlistPage } from "~/library/components/watchlist-page";
import { loadWatchlistPage } from "~/library/watchlist-page.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/watched-page";

/** /dashboard/izlediklerim: what the person watched (İzledim), beside İzleme Listem. */
export async function loader({ request, url, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  return loadWatchlistPage(services, user, url, "watched");
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `İzlediklerim | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <WatchlistPage data={loaderData} />;
}
