import { feedCalendar, feedOwner } from "~/tracking/calendar-feed.server";
import type { Route } from "./+types/calendar-feed";

/*
 * /takvim/abonelik/{token}.ics: a person's calendar feed, for calendar apps (no session). The
 * token is the only key: the page cache never sees this path and logs print it as `[gizli]`
 * (app/core/paths.ts `carriesSecret`, `redactSecrets`).
 */
export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  const owner = await feedOwner(services.database.db, token);
  if (!owner) {
    return new Response("Takvim bulunamadı.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const body = await feedCalendar(services.database.db, owner, services.env.publicSiteUrl);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="perde-takvimi.ics"',
      // Only the subscriber's own app may keep it, a quarter of an hour.
      "Cache-Control": "private, max-age=900",
      "X-Robots-Tag": "noindex",
    },
  });
}
