import { requireUser } from "~/accounts/guards.server";
import { exportImports } from "~/history/import/imports.server";
import { exportPersonalData } from "~/library/personal-data.server";
import type { Route } from "./+types/account-data";

/** /hesap/verilerim: everything the site holds about the signed-in person, as a JSON file. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  const exported = {
    ...(await exportPersonalData(services, user)),
    // History imports (issue #24.4): each import's report, and its raw rows while still kept.
    imports: await exportImports(services.database.db, user.id),
  };
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="perde-verilerim.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
