import { useEffect, useLayoutEffect, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import { toast } from "~/ui/toast";
import { getOptionalUser } from "./accounts/guards.server";
import { istanbulDay, now } from "./core/clock.server";
import { PRIVATE_PAGE_CACHE } from "./core/http-cache";
import type { Route } from "./+types/root";
import inlineCss from "./app.css?inline";
import { Footer } from "./shell/footer";
import { replayTapFromBeforeHydration } from "./shell/hydrate-on-interaction";
import { NavBar } from "./shell/nav-bar";
import { SearchDialog } from "./catalogue/components/search-dialog";
import { UserMenu } from "./accounts/components/user-menu";
import { NotificationBell } from "./notifications/components/bell";
import { unreadCount } from "./notifications/inbox.server";
import { SITE_NAME, SITE_TAGLINE } from "./core/site";
import { ErrorPage, NotFoundPage } from "./shell/status-pages";
import { Toaster } from "./ui/toaster";
import { FormAnswerToasts } from "./library/components/use-library-fetcher";

export const meta: MetaFunction = () => [
  { title: `${SITE_NAME}: Film ve dizi rehberi` },
  { name: "description", content: SITE_TAGLINE },
];

/**
 * What every page needs: the public site's address and where images come from (for links,
 * previews and pictures),
 * the signed-in visitor, and a toast left by a redirect.
 */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  const [user, flash] = await Promise.all([
    getOptionalUser(request, services),
    services.flash.read(request),
  ]);
  const headers = new Headers();
  if (flash) headers.append("Set-Cookie", flash.clear);
  if (user || flash) headers.set("Cache-Control", PRIVATE_PAGE_CACHE);
  return data(
    {
      siteUrl: services.env.publicSiteUrl,
      imageBaseUrl: services.catalogue.imageBaseUrl,
      user: user && { email: user.email, name: user.name },
      /** The bell's figure (signed-in pages are never in the page cache). */
      unreadNotifications: user ? await unreadCount(services.database.db, user.id) : 0,
      toast: flash?.toast ?? null,
      /** The footer's © year, from the site's clock (Istanbul's year). */
      year: Number(istanbulDay(now()).slice(0, 4)),
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cache = loaderHeaders.get("Cache-Control");
  if (cache) headers.set("Cache-Control", cache);
  return headers;
};

// Only a form submission (sign-in, sign-out, a watchlist change…) can change the visitor or
// leave a toast; plain navigations keep the root data.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false);

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** Marks the document once React has hydrated (tests wait for it before using controls). */
function HydrationMarker() {
  // A layout effect: the tap is replayed in the task of the commit, before the browser paints
  // and before the passive effects of the whole page; from a microtask, once the commit is over
  // (an update made during the commit would wait for it). Decision 017.
  useLayoutEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    queueMicrotask(replayTapFromBeforeHydration);
  }, []);
  return null;
}

/**
 * Shows the toast a redirect left, once. Without JavaScript (every form works without it) the
 * same message is a banner in the page, so a plain form post says what happened too.
 */
function FlashToast() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const pending = root?.toast;
  useEffect(() => {
    if (!pending) return;
    if (pending.type === "success") toast.success(pending.message, { id: pending.id });
    else toast.error(pending.message, { id: pending.id });
  }, [pending]);
  if (!pending) return null;
  return (
    <noscript>
      <p
        role={pending.type === "success" ? "status" : "alert"}
        data-flash={pending.type}
        className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-lg border border-border bg-card px-4 py-3 text-sm font-medium text-foreground shadow-lg"
      >
        {pending.message}
      </p>
    </noscript>
  );
}

// The whole stylesheet (~6 KB gzip) goes inline in the server's HTML: no render-blocking request
// before the first paint. The browser bundle leaves it out (React keeps the server's <style>).
const PAGE_CSS: string = import.meta.env.SSR ? inlineCss : "";

/** The app's bar colour, as in public/manifest.webmanifest (the icon's dark ground). */
const THEME_COLOR = "#1c1f2b";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable app (decision 036): its manifest and the home-screen icon iOS asks for.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <Links />
        <style dangerouslySetInnerHTML={{ __html: PAGE_CSS }} suppressHydrationWarning />
      </head>
      <body className="flex min-h-dvh flex-col">
        <NavBar
          user={root?.user ?? null}
          search={<SearchDialog />}
          account={
            <>
              <NotificationBell />
              <UserMenu />
            </>
          }
        />
        <main className="flex-1">{children}</main>
        <Footer year={root?.year ?? new Date().getFullYear()} />
        <Toaster />
        <FlashToast />
        <FormAnswerToasts />
        <HydrationMarker />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
