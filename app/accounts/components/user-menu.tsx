import { LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useSubmit } from "react-router";
import { Button } from "~/ui/button";
import { avatarLetter, useCurrentUser } from "./use-current-user";

const itemClass =
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted";

/** Signed out: a link to /auth. Signed in: Dashboard and 'Çıkış Yap'. */
export function UserMenu() {
  const user = useCurrentUser();
  const submit = useSubmit();
  if (!user) {
    return (
      <Button variant="ghost" size="icon" asChild>
        <Link to="/auth" aria-label="Giriş Yap">
          <UserRound className="size-5" aria-hidden />
        </Link>
      </Button>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Hesabım">
          <span className="flex size-8 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
            {avatarLetter(user.email)}
          </span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-lg border bg-background p-1 shadow-xl"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted-foreground">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard">
              <LayoutDashboard className="size-4" aria-hidden />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {/* The menu closes on select, so the post is sent by code, not by a form inside it. */}
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => submit(null, { method: "post", action: "/cikis" })}
          >
            <LogOut className="size-4" aria-hidden />
            Çıkış Yap
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
