import { lazy, Suspense, useState } from "react";
import { NavLink } from "react-router";
import { UserMenu } from "~/accounts/components/user-menu";
import { SearchDialog } from "~/catalogue/components/search-dialog";
import { MenuButton } from "./menu-button";
import { Logo, linkClass } from "./nav-parts";
import { NAV_LINKS } from "./site";

// Radix Dialog and the phone menu load on first use, not with every page.
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenuDialog = lazy(loadMobileMenu);

function MobileMenu() {
  const [requested, setRequested] = useState(false);
  if (!requested) {
    return (
      <MenuButton onClick={() => setRequested(true)} onPointerEnter={() => void loadMobileMenu()} />
    );
  }
  return (
    <Suspense fallback={<MenuButton disabled />}>
      <MobileMenuDialog defaultOpen />
    </Suspense>
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
