import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { ImportPage } from "~/history/import/components/import-page";
import { importPageData, uploadAction } from "~/history/import/import-actions.server";
import type { Route } from "./+types/history-import";

export function loader({ request, context: { services } }: Route.LoaderArgs) {
  return importPageData(services, request);
}

export function action({ request, context: { services } }: Route.ActionArgs) {
  return uploadAction(services, request);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `İçe aktar | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ImportPage data={loaderData} />;
}
