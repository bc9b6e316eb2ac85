import { Clapperboard, Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { UserMenu } from "~/accounts/components/user-menu";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { SearchDialog } from "~/catalogue/components/search-dialog";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { NAV_LINKS, SITE_NAME } from "./site";

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <Clapperboard className="size-6 text-primary" aria-hidden />
      <span>{SITE_NAME}</span>
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition hover:bg-muted",
    isActive ? "text-primary" : "text-muted-foreground hover:text-foreground",
  );

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const user = useCurrentUser();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menüyü aç">
          <Menu className="size-5" aria-hidden />
        </Button>
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
                <NavLink to="/dashboard" className={linkClass} onClick={() => setOpen(false)}>
                  Dashboard
                </NavLink>
                <Form method="post" action="/cikis" onSubmit={() => setOpen(false)}>
                  <button type="submit" className={linkClass({ isActive: false })}>
                    Çıkış Yap
                  </button>
                </Form>
              </div>
            ) : (
              <NavLink to="/auth" className={linkClass} onClick={() => setOpen(false)}>
                Giriş Yap
              </NavLink>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function NavBar() {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <MobileMenu />
        <Logo />
        <nav aria-label="Ana menü" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <SearchDialog />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
