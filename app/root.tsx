import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type MetaFunction,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Footer } from "./shell/footer";
import { NavBar } from "./shell/nav-bar";
import { SITE_NAME, SITE_TAGLINE } from "./shell/site";
import { ErrorPage, NotFoundPage } from "./shell/status-pages";
import { Toaster } from "./ui/toaster";

export const meta: MetaFunction = () => [
  { title: `${SITE_NAME}: Film ve dizi rehberi` },
  { name: "description", content: SITE_TAGLINE },
];

/** The only catalogue setting the browser needs: where images come from. */
export function loader({ context }: Route.LoaderArgs) {
  return { imageBaseUrl: context.services.catalogue.imageBaseUrl };
}

export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <NavBar />
        <main className="flex-1">{children}</main>
        <Footer />
        <Toaster />
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
