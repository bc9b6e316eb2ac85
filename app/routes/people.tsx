import { loadPopularPeople, pageFromUrl } from "~/catalogue/browse.server";
import { PopularPeople } from "~/catalogue/components/people-grid";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/people";

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await loadPopularPeople(context.services.catalogue, pageFromUrl(url));
  return pageData(page, page);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Popüler Oyuncular | ${SITE_NAME}` },
  { name: "description", content: "Türkiye'de ve dünyada en çok ilgi gören oyuncular." },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PopularPeople data={loaderData} />;
}
