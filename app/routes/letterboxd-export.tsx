import { requireUser } from "~/accounts/guards.server";
import { csvDownload, letterboxdCsv } from "~/history/exports.server";
import type { Route } from "./+types/letterboxd-export";

/** /hesap/disa-aktar/letterboxd: the diary and film ratings in Letterboxd's import format. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  return csvDownload(await letterboxdCsv(services.database, user.id), "perde-letterboxd.csv");
}
