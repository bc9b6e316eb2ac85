import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { MobileMenu } from "./mobile-menu";
import { Logo, linkClass } from "./nav-parts";
import { NAV_LINKS } from "./nav-links";
import type { ShellUser } from "./shell-user";

/**
 * The bar on every page. The root route hands it the visitor and the search and account controls
 * of their domains, so the shell itself imports no domain.
 */
export function NavBar({
  user,
  search,
  account,
}: {
  user: ShellUser | null;
  search: ReactNode;
  account: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur">
      {/* Relative: the open search field and the phone menu are placed against the bar. */}
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <MobileMenu user={user} />
        <Logo />
        <nav aria-label="Ana menü" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {search}
          {account}
        </div>
      </div>
    </header>
  );
}
