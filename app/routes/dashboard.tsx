import { requireUser } from "~/accounts/guards.server";
import { DashboardPage } from "~/library/components/dashboard-page";
import { loadDashboard } from "~/library/dashboard.server";
import { today } from "~/core/clock.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/dashboard";
import { ContinueWatching } from "~/tracking/components/continue-watching";
import { loadUpNext } from "~/tracking/up-next.server";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  // Checked on the server: anonymous visitors never receive the dashboard's HTML.
  const user = await requireUser(request, services);
  const [dashboard, upNext] = await Promise.all([
    loadDashboard(services, user),
    loadUpNext(services, user),
  ]);
  return {
    user: { email: user.email, name: user.name },
    dashboard,
    upNext,
    /** The year whose "Yıllık özet" the dashboard links to. */
    summaryYear: Number(today().slice(0, 4)),
  };
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Dashboard | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage
      data={loaderData.dashboard}
      email={loaderData.user.email}
      name={loaderData.user.name}
      continueWatching={<ContinueWatching rows={loaderData.upNext} />}
      summaryYear={loaderData.summaryYear}
    />
  );
}
