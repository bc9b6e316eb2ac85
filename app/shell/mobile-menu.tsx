import { Menu } from "~/ui/icons";
import { useEffect, useRef, type MouseEvent } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { linkClass } from "./nav-parts";
import { NAV_LINKS } from "./nav-links";
import type { ShellUser } from "./shell-user";
import { paths } from "~/core/paths";

/**
 * The phone menu: a native disclosure (decision 026), so the first tap opens it before and
 * without JavaScript. Once hydrated it also closes when a link in it is followed (a client
 * navigation keeps the page), on Escape and on a tap outside it.
 */
export function MobileMenu({ user }: { user: ShellUser | null }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  // Closed by a navigation (not by hydration, which may find it opened before JavaScript ran).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) close();
    shownPath.current = pathname;
  }, [pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) close();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, []);
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) close();
  };
  return (
    <details ref={ref} className="group md:hidden">
      <summary
        aria-label="Menüyü aç"
        className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-lg transition group-open:bg-muted hover:bg-muted [&::-webkit-details-marker]:hidden"
      >
        <Menu className="size-5" aria-hidden />
      </summary>
      {/* Closing after a followed link is a convenience: the links work by themselves. */}
      <div
        onClick={onClick}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b bg-background p-4 shadow-xl"
      >
        <nav aria-label="Mobil menü" className="flex flex-col gap-1">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-4 border-t pt-4">
          {user ? (
            <div className="flex flex-col gap-1">
              <NavLink to={paths.dashboard} className={linkClass}>
                Dashboard
              </NavLink>
              <NavLink to={paths.diary} className={linkClass}>
                Günlüğüm
              </NavLink>
              <NavLink to={paths.lists} className={linkClass}>
                Listelerim
              </NavLink>
              <NavLink to={paths.calendar} className={linkClass}>
                Takvim
              </NavLink>
              <NavLink to={paths.account} className={linkClass}>
                Hesabım
              </NavLink>
              <Form method="post" action={paths.signOut} onSubmit={close}>
                <button type="submit" className={linkClass({ isActive: false })}>
                  Çıkış Yap
                </button>
              </Form>
            </div>
          ) : (
            <NavLink to={paths.auth} className={linkClass}>
              Giriş Yap
            </NavLink>
          )}
        </div>
      </div>
    </details>
  );
}
