import { requireUser } from "~/accounts/guards.server";
import { exportImports } from "~/history/import/imports.server";
import { exportHistory } from "~/history/personal-data.server";
import { exportPersonalData } from "~/library/personal-data.server";
import { exportInvites } from "~/lists/invites.server";
import { exportLists } from "~/lists/personal-data.server";
import { exportPushSubscriptions } from "~/notifications/push-subscriptions.server";
import { exportNotifications } from "~/notifications/inbox.server";
import { exportNotificationSettings } from "~/notifications/preferences.server";
import { exportProfile } from "~/profiles/profile-settings.server";
import { exportSocial } from "~/social/personal-data.server";
import { feedCreatedAt } from "~/tracking/calendar-feed.server";
import type { Route } from "./+types/account-data";
import { exportEpisodeWatches } from "~/tracking/marks.server";

/** /hesap/verilerim: everything the site holds about the signed-in person, as a JSON file. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  const { db } = services.database;
  // The library's part, the viewing history's (diary, episode ratings), the episodes watched,
  // the history imports (each import's report, and its raw rows while still kept), and the
  // calendar feed: that one exists and since when, never its token or the token's hash; the
  // public profile (username, whether it is public, Favori 4); the invite links made for the
  // person's lists (list, made, expires, used), never their tokens; the lists (own ones with
  // their items and notes, and the ones the person edits, by name); Birlikte's follows, blocks,
  // likes, comments and reports (issue #38); the web push subscriptions: each device and its push
  // service's host, never the endpoint or keys; and the notifications (what each said, when, whether read) and their settings.
  const [
    library,
    history,
    episodeWatches,
    imports,
    feedMadeAt,
    publicProfile,
    listInvites,
    lists,
    social,
    pushSubscriptions,
    notifications,
    notificationSettings,
  ] = await Promise.all([
    exportPersonalData(services, user),
    exportHistory(db, user.id),
    exportEpisodeWatches(db, user.id),
    exportImports(db, user.id),
    feedCreatedAt(db, user.id),
    exportProfile(db, user.id),
    exportInvites(db, user.id),
    exportLists(db, user.id),
    exportSocial(db, user.id),
    exportPushSubscriptions(db, user.id),
    exportNotifications(db, user.id),
    exportNotificationSettings(db, user.id),
  ]);
  const calendarFeed = feedMadeAt ? { createdAt: feedMadeAt } : null;
  return new Response(
    JSON.stringify(
      {
        ...library,
        publicProfile,
        ...history,
        episodeWatches,
        imports,
        calendarFeed,
        ...lists,
        listInvites,
        social,
        pushSubscriptions,
        notifications,
        notificationSettings,
      },
      null,
      2,
    ),
    {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": 'attachment; filename="perde-verilerim.json"',
        "Cache-Control": "private, no-store",
      },
    },
  );
}
