import { X } from "~/ui/icons";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Form, NavLink } from "react-router";
import { Button } from "~/ui/button";
import { MenuButton } from "./menu-button";
import { Logo, linkClass } from "./nav-parts";
import { NAV_LINKS } from "./nav-links";
import type { ShellUser } from "./shell-user";
import { paths } from "~/core/paths";

/** The phone menu with its button, loaded on first use (see nav-bar.tsx). */
export default function MobileMenu({
  defaultOpen = false,
  user,
}: {
  defaultOpen?: boolean;
  user: ShellUser | null;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <MenuButton />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 border-r bg-background p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title asChild>
              <div>
                <Logo />
              </div>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Menüyü kapat">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site menüsü</Dialog.Description>
          <nav aria-label="Mobil menü" className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={linkClass}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-auto border-t pt-4">
            {user ? (
              <div className="flex flex-col gap-1">
                <NavLink to={paths.dashboard} className={linkClass} onClick={() => setOpen(false)}>
                  Dashboard
                </NavLink>
                <NavLink to={paths.diary} className={linkClass} onClick={() => setOpen(false)}>
                  Günlüğüm
                </NavLink>
                <NavLink to={paths.lists} className={linkClass} onClick={() => setOpen(false)}>
                  Listelerim
                </NavLink>
                <NavLink to={paths.calendar} className={linkClass} onClick={() => setOpen(false)}>
                  Takvim
                </NavLink>
                <NavLink to={paths.account} className={linkClass} onClick={() => setOpen(false)}>
                  Hesabım
                </NavLink>
                <Form method="post" action={paths.signOut} onSubmit={() => setOpen(false)}>
                  <button type="submit" className={linkClass({ isActive: false })}>
                    Çıkış Yap
                  </button>
                </Form>
              </div>
            ) : (
              <NavLink to={paths.auth} className={linkClass} onClick={() => setOpen(false)}>
                Giriş Yap
              </NavLink>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
