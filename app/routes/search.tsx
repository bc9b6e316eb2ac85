import { pageFromUrl } from "~/catalogue/browse.server";
import { SearchResults } from "~/catalogue/components/search-results";
import { searchAll } from "~/catalogue/search.server";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { AddToListButton } from "~/lists/components/add-to-list-button";
import type { Route } from "./+types/search";

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await searchAll(
    context.services.catalogue,
    url.searchParams.get("q") ?? "",
    pageFromUrl(url),
  );
  return pageData(page, page);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.query ? `${data.query}: arama sonuçları | ${SITE_NAME}` : `Arama | ${SITE_NAME}` },
  { name: "description", content: "Film, dizi ve oyuncu arayın." },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <SearchResults data={loaderData} action={(item) => <AddToListButton item={item} compact />} />
  );
}
