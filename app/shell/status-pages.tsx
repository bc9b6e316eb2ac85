import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";

function StatusPage({
  code,
  title,
  message,
  children,
}: {
  code: string;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-black text-primary">{code}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {children}
        <Button asChild>
          <Link to="/">Ana Sayfaya Dön</Link>
        </Button>
      </div>
    </section>
  );
}

/** The spec's 404 page. */
export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title="Oops! Page not found"
      message="Aradığınız sayfa bulunamadı ya da taşınmış olabilir."
    />
  );
}

/**
 * Everything else (the database or the movie database did not answer, or a fault of ours): a
 * Turkish "try again", never a stack trace. The server answers 503 for outages (entry.server).
 */
export function ErrorPage() {
  const { pathname, search } = useLocation();
  return (
    <StatusPage
      code="Hata"
      title="Bir sorun oluştu"
      message="Şu anda bu sayfayı gösteremiyoruz. Lütfen biraz sonra yeniden deneyin."
    >
      {/* A plain link, so trying again works without JavaScript too. */}
      <Button variant="outline" asChild>
        <a href={`${pathname}${search}`}>Yeniden Dene</a>
      </Button>
    </StatusPage>
  );
}

/** The spec's not-found text for a detail page ('Film bulunamadı.'…), with a way home. */
function NotFoundMessage({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <Link to="/" className="text-primary hover:underline">
        Ana Sayfaya Dön
      </Link>
    </section>
  );
}

/**
 * The error boundary of a page route: its own not-found text when the loader threw a 404
 * (`invariantResponse`), the "try again" page for anything else.
 */
export function RouteErrorBoundary({ notFound }: { notFound: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundMessage message={notFound} />;
  }
  return <ErrorPage />;
}
