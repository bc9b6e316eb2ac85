import { requireUser } from "~/accounts/guards.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { paths } from "~/core/paths";
import { readForm } from "~/core/read-form.server";
import { SITE_NAME } from "~/core/site";
import { NotificationsPage } from "~/notifications/components/notifications-page";
import { listNotifications, markAllRead } from "~/notifications/inbox.server";
import type { Route } from "./+types/notifications";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  return { items: await listNotifications(services.database.db, user.id) };
}

/** "Tümünü okundu işaretle" posts here; then back to the page (the bell's figure with it). */
export async function action({ request, context: { services } }: Route.ActionArgs) {
  const user = await requireUser(request, services);
  const form = await readForm(request);
  if (String(form.get("intent") ?? "") !== "read-all")
    return services.flash.redirect(paths.notifications, "error", "Bilinmeyen işlem");
  await markAllRead(services.database.db, user.id);
  return services.flash.redirect(
    paths.notifications,
    "success",
    "Bütün bildirimler okundu olarak işaretlendi",
  );
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Bildirimler | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage items={loaderData.items} />;
}
