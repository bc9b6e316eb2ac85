import { requireUser } from "~/accounts/guards.server";
import { csvDownload, imdbRatingsCsv } from "~/history/exports.server";
import type { Route } from "./+types/imdb-export";

/** /hesap/disa-aktar/imdb: the ratings of films and series as an IMDb-style CSV. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  return csvDownload(await imdbRatingsCsv(services.database, user.id), "perde-imdb-puanlar.csv");
}
