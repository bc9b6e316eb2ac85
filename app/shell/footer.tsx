import { Link } from "~/ui/link";
import { SITE_NAME, SITE_TAGLINE } from "~/core/site";
import { NAV_LINKS } from "./nav-links";

/** The site's footer; `year` is this year, from the site's clock (the root loader). */
export function Footer({ year }: { year: number }) {
  return (
    <footer className="mt-16 border-t">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 text-sm text-muted-foreground md:flex-row md:justify-between">
        <div className="max-w-md space-y-2">
          <p className="font-semibold text-foreground">{SITE_NAME}</p>
          <p>{SITE_TAGLINE}</p>
          <p>
            Bu ürün TMDB API'sini kullanır ancak TMDB tarafından onaylanmamış veya
            sertifikalandırılmamıştır.
          </p>
        </div>
        <nav aria-label="Alt menü" className="flex flex-wrap gap-x-6 gap-y-2">
          {NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-foreground">
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">
        © {year} {SITE_NAME}. Tüm hakları saklıdır.
      </p>
    </footer>
  );
}
