import { requireUser } from "~/accounts/guards.server";
import { DashboardPage } from "~/library/components/dashboard-page";
import { loadDashboard } from "~/library/dashboard.server";
import { today } from "~/core/clock.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  // Checked on the server: anonymous visitors never receive the dashboard's HTML.
  const user = await requireUser(request, services);
  return {
    user: { email: user.email, name: user.name },
    dashboard: await loadDashboard(services, user),
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
      summaryYear={loaderData.summaryYear}
    />
  );
}
