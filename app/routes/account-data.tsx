import { requireUser } from "~/accounts/guards.server";
import { exportHistory } from "~/history/personal-data.server";
import { exportPersonalData } from "~/library/personal-data.server";
import type { Route } from "./+types/account-data";

/** /hesap/verilerim: everything the site holds about the signed-in person, as a JSON file. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  // The library's part and the viewing history's (diary, episode ratings), side by side.
  const [library, history] = await Promise.all([
    exportPersonalData(services, user),
    exportHistory(services.database.db, user.id),
  ]);
  const exported = { ...library, ...history };
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="perde-verilerim.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
