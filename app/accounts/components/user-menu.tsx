import { UserRound } from "~/ui/icons";
import { lazy, Suspense } from "react";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { AccountButton } from "./account-button";
import { useCurrentUser } from "./use-current-user";
import { paths } from "~/core/paths";

// The dropdown (Radix menu and popper) is only for signed-in visitors: anonymous ones, most of
// the traffic, do not download it.
const AccountMenu = lazy(() => import("./account-menu"));

/** Signed out: a link to /auth. Signed in: Dashboard and 'Çıkış Yap'. */
export function UserMenu() {
  const user = useCurrentUser();
  if (!user) {
    return (
      <Button variant="ghost" size="icon" asChild>
        <Link to={paths.auth} aria-label="Giriş Yap">
          <UserRound className="size-5" aria-hidden />
        </Link>
      </Button>
    );
  }
  return (
    // Disabled until the menu has loaded, so a click never lands on a button that does nothing.
    <Suspense fallback={<AccountButton email={user.email} disabled />}>
      <AccountMenu email={user.email} />
    </Suspense>
  );
}
