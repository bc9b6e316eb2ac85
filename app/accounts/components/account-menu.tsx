import {
  CalendarDays,
  LayoutDashboard,
  ListOrdered,
  LogOut,
  NotebookPen,
  UserCog,
} from "~/ui/icons";
import { DropdownMenu } from "radix-ui";
import { useSubmit } from "react-router";
import { Link } from "~/ui/link";
import { AccountButton } from "./account-button";
import { paths } from "~/core/paths";

const itemClass =
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted";

/** The signed-in visitor's menu: Dashboard, Günlüğüm, Listelerim, Takvim, Hesabım and 'Çıkış Yap' (loaded only for them). */
export default function AccountMenu({ email }: { email: string }) {
  const submit = useSubmit();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <AccountButton email={email} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-lg border bg-background p-1 shadow-xl"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted-foreground">
            {email}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.dashboard}>
              <LayoutDashboard className="size-4" aria-hidden />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.diary}>
              <NotebookPen className="size-4" aria-hidden />
              Günlüğüm
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.lists}>
              <ListOrdered className="size-4" aria-hidden />
              Listelerim
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.calendar}>
              <CalendarDays className="size-4" aria-hidden />
              Takvim
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.account}>
              <UserCog className="size-4" aria-hidden />
              Hesabım
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {/* The menu closes on select, so the post is sent by code, not by a form inside it. */}
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => submit(null, { method: "post", action: paths.signOut })}
          >
            <LogOut className="size-4" aria-hidden />
            Çıkış Yap
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
