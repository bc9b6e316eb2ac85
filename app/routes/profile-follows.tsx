import { redirect } from "react-router";
import { publicPageHeaders } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { FollowPeoplePage } from "~/social/components/follow-people-page";
import { loadFollowPage } from "~/social/profile-social.server";
import { RouteErrorBoundary } from "~/shell/status-pages";
import type { Route } from "./+types/profile-follows";

/** /u/{ad}/takipciler and /u/{ad}/takip-edilenler (issue #38.1). */
export async function loader({ request, url, params, context: { services } }: Route.LoaderArgs) {
  const which = url.pathname.endsWith("/takipciler") ? "followers" : "following";
  const page = await loadFollowPage(services, request, url, params.username, which);
  if (params.username !== page.owner.username) throw redirect(page.canonical);
  return page;
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: "Sayfa bulunamadı" }, { name: "robots", content: "noindex" }];
  const what = data.which === "followers" ? "Takipçiler" : "Takip edilenler";
  return [
    { title: `${what}: ${data.owner.name} (@${data.owner.username}) | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <FollowPeoplePage data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound="Bu profil bulunamadı." />;
}
