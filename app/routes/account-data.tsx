import { requireUser } from "~/accounts/guards.server";
import { exportPersonalData } from "~/library/personal-data.server";
import type { Route } from "./+types/account-data";
import { exportEpisodeWatches } from "~/tracking/marks.server";

/** /hesap/verilerim: everything the site holds about the signed-in person, as a JSON file. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  const [exported, episodeWatches] = await Promise.all([
    exportPersonalData(services, user),
    exportEpisodeWatches(services.database.db, user.id),
  ]);
  return new Response(JSON.stringify({ ...exported, episodeWatches }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="perde-verilerim.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
