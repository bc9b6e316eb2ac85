import { useRouteLoaderData } from "react-router";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { Bell } from "~/ui/icons";
import { Link } from "~/ui/link";

/**
 * The header's bell (issue #36): a plain link to /bildirimler with the unread count from the
 * root loader, for signed-in visitors only. Works without JavaScript.
 */
export function NotificationBell() {
  const root = useRouteLoaderData("root") as
    { user?: unknown; unreadNotifications?: number } | undefined;
  if (!root?.user) return null;
  const count = root.unreadNotifications ?? 0;
  const shown = count > 99 ? "99+" : String(count);
  return (
    <Button variant="ghost" size="icon" asChild>
      <Link
        to={paths.notifications}
        aria-label={count ? `Bildirimler: ${shown} okunmamış` : "Bildirimler"}
        className="relative"
        data-testid="notification-bell"
      >
        <Bell className="size-5" aria-hidden />
        {count > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
          >
            {shown}
          </span>
        )}
      </Link>
    </Button>
  );
}
