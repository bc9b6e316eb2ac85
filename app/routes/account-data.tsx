import { requireUser } from "~/accounts/guards.server";
import { exportHistory } from "~/history/personal-data.server";
import { exportPersonalData } from "~/library/personal-data.server";
import type { Route } from "./+types/account-data";
import { exportEpisodeWatches } from "~/tracking/marks.server";

/** /hesap/verilerim: everything the site holds about the signed-in person, as a JSON file. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  // The library's part, the viewing history's (diary, episode ratings) and the episodes watched.
  const [library, history, episodeWatches] = await Promise.all([
    exportPersonalData(services, user),
    exportHistory(services.database.db, user.id),
    exportEpisodeWatches(services.database.db, user.id),
  ]);
  return new Response(JSON.stringify({ ...library, ...history, episodeWatches }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="perde-verilerim.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
