import { tolerant } from "~/catalogue/catalogue.server";
import { searchGroups } from "~/catalogue/search.server";
import { FAILED_PAGE_CACHE } from "~/core/http-cache";
import type { Route } from "./+types/search-api";

// The search dialog's data: GET /api/arama?q=… → grouped results (JSON).
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = url.searchParams.get("q") ?? "";
  const { value: groups, failed } = await tolerant(searchGroups(context.services.catalogue, query));
  const empty = { query: query.trim(), movies: [], series: [], people: [] };
  if (failed) {
    return Response.json({ ...empty, failed }, { headers: { "Cache-Control": FAILED_PAGE_CACHE } });
  }
  return Response.json(groups ?? empty, {
    headers: { "Cache-Control": "public, max-age=60, s-maxage=300" },
  });
}
