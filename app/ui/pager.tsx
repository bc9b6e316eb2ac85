import { ChevronLeft, ChevronRight } from "./icons";
import { Link } from "./link";
import { Button } from "./button";

/**
 * 'Önceki' / 'Sonraki' with 'Sayfa n / total'. Plain links, so paging works without JavaScript;
 * the ends are disabled buttons.
 */
export function Pager({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages < 1) return null;
  const previous = page > 1;
  const next = page < totalPages;
  return (
    <nav aria-label="Sayfalar" className="flex items-center justify-center gap-3 pt-4">
      {previous ? (
        <Button variant="outline" asChild>
          <Link to={hrefFor(page - 1)} preventScrollReset={false}>
            <ChevronLeft className="size-4" aria-hidden />
            Önceki
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled>
          <ChevronLeft className="size-4" aria-hidden />
          Önceki
        </Button>
      )}
      <span className="min-w-28 text-center text-sm text-muted-foreground" aria-live="polite">
        Sayfa {page} / {totalPages}
      </span>
      {next ? (
        <Button variant="outline" asChild>
          <Link to={hrefFor(page + 1)}>
            Sonraki
            <ChevronRight className="size-4" aria-hidden />
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled>
          Sonraki
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      )}
    </nav>
  );
}
