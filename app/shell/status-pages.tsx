import { Link } from "react-router";
import { Button } from "~/ui/button";

function StatusPage({ code, title, message }: { code: string; title: string; message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-black text-primary">{code}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild>
        <Link to="/">Ana Sayfaya Dön</Link>
      </Button>
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

/** Unexpected errors: a Turkish apology, never a stack trace. */
export function ErrorPage() {
  return (
    <StatusPage
      code="500"
      title="Bir şeyler ters gitti"
      message="Beklenmeyen bir hata oluştu. Lütfen biraz sonra yeniden deneyin."
    />
  );
}
