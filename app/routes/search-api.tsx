import { searchGroups } from "~/catalogue/search.server";
import type { Route } from "./+types/search-api";

// The search dialog's data: GET /api/arama?q=… → grouped results (JSON).
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const groups = await searchGroups(context.services.catalogue, query);
  return Response.json(groups ?? { query: query.trim(), movies: [], series: [], people: [] }, {
    headers: { "Cache-Control": "public, max-age=60, s-maxage=300" },
  });
}
