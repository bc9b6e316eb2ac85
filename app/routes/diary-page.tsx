import { requireUser } from "~/accounts/guards.server";
import { DiaryPage } from "~/history/components/diary-page";
import { loadDiaryPage } from "~/history/diary-page.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/diary-page";

export async function loader({ request, url, context: { services } }: Route.LoaderArgs) {
  // Guarded like the dashboard: anonymous visitors go to /auth.
  const user = await requireUser(request, services);
  return loadDiaryPage(services, user, url);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Günlüğüm | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DiaryPage data={loaderData} />;
}
