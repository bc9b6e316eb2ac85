import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { ImportStatusPage } from "~/history/import/components/import-status-page";
import { importStatusData, resolveAction } from "~/history/import/import-actions.server";
import { setFavorites } from "~/profiles/profile-settings.server";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/history-import-status";

export function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  return importStatusData(services, request, params.importId);
}

export function action({ request, params, context: { services } }: Route.ActionArgs) {
  return resolveAction(services, request, params.importId, (userId, movieIds) =>
    setFavorites(services, userId, movieIds),
  );
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `İçe aktarım | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound="İçe aktarım bulunamadı." />;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ImportStatusPage data={loaderData} />;
}
