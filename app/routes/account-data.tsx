import { requireUser } from "~/accounts/guards.server";
import { exportPersonalData } from "~/library/personal-data.server";
import { feedCreatedAt } from "~/tracking/calendar-feed.server";
import type { Route } from "./+types/account-data";

/** /hesap/verilerim: everything the site holds about the signed-in person, as a JSON file. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  const [exported, feedMadeAt] = await Promise.all([
    exportPersonalData(services, user),
    feedCreatedAt(services.database.db, user.id),
  ]);
  // The calendar feed: that one exists and since when; never its token or the token's hash.
  const calendarFeed = feedMadeAt ? { createdAt: feedMadeAt } : null;
  return new Response(JSON.stringify({ ...exported, calendarFeed }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="perde-verilerim.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
