import { requireUser } from "~/accounts/guards.server";
import { WatchlistPage } from "~/library/components/watchlist-page";
import { loadWatchlistPage } from "~/library/watchlist-page.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/watchlist-page";

export async function loader({ request, url, context: { services } }: Route.LoaderArgs) {
  // Guarded like the dashboard: anonymous visitors go to /auth.
  const user = await requireUser(request, services);
  return loadWatchlistPage(services, user, url, "to-watch");
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `İzleme Listem | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <WatchlistPage data={loaderData} />;
}
