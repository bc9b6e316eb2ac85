import { requireUser } from "~/accounts/guards.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { CalendarPage } from "~/tracking/components/calendar-page";
import { calendarFeedAction, loadCalendarPage } from "~/tracking/calendar-page.server";
import type { Route } from "./+types/calendar";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  // Checked on the server, like the dashboard: anonymous visitors are sent to sign in.
  const user = await requireUser(request, services);
  return loadCalendarPage(services, user, new URL(request.url));
}

export function action({ request, context: { services } }: Route.ActionArgs) {
  return calendarFeedAction(services, request);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Takvim | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CalendarPage data={loaderData} created={actionData} />;
}
