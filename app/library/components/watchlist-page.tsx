import { Form, useNavigate } from "react-router";
import { Link } from "~/ui/link";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { ChipLink } from "~/ui/chip-link";
import { cn } from "~/ui/cn";
import { Pager } from "~/ui/pager";
import { useHydrated } from "~/ui/use-hydrated";
import { useNavigatingTo } from "~/ui/use-navigating";
import { STATUS_LABELS, STATUS_SLUGS } from "../statuses";
import { LIST_KINDS, LIST_SORTS, listHref, SHELVES, type ListFilters } from "../list-filters";
import type { WatchlistPageData } from "../watchlist-page.server";
import { Tile } from "./dashboard-page";
import { paths } from "~/core/paths";

function Chips({
  label,
  options,
  active,
  hrefFor,
}: {
  label: string;
  options: { value: string | undefined; label: string }[];
  active: string | undefined;
  hrefFor: (value: string | undefined) => string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const selected = option.value === active;
        return (
          <ChipLink key={option.label} to={hrefFor(option.value)} active={selected}>
            {option.label}
          </ChipLink>
        );
      })}
    </div>
  );
}

/** İzleme Listem and İzlediklerim, each one page's address: plain links, no script needed. */
function ShelfTabs({ current }: { current: ListFilters["shelf"] }) {
  return (
    <nav aria-label="Listelerim" className="flex gap-1 border-b">
      {(["to-watch", "watched"] as const).map((shelf) => (
        <Link
          key={shelf}
          to={SHELVES[shelf].path}
          aria-current={shelf === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-4 py-2 text-sm font-semibold",
            shelf === current
              ? "border-primary text-primary"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {SHELVES[shelf].title}
        </Link>
      ))}
    </nav>
  );
}

/**
 * /dashboard/liste (İzleme Listem: what is to watch) and /dashboard/izlediklerim (İzlediklerim:
 * what was watched), with status (İzleme Listem only) and kind filters, a sort and pages of 24.
 */
export function WatchlistPage({ data }: { data: WatchlistPageData }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { filters } = data;
  const shelf = SHELVES[filters.shelf];
  const loading = useNavigatingTo(shelf.path);
  // Every change goes back to page 1 and replaces the URL.
  const change = (next: Partial<ListFilters>) => listHref({ ...filters, ...next });

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Ana Sayfa", to: "/" },
          { label: "Dashboard", to: paths.dashboard },
          { label: shelf.title },
        ]}
      />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">{shelf.title}</h1>
        {!data.failed && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total} yapım
          </p>
        )}
      </div>

      <ShelfTabs current={filters.shelf} />

      <section aria-label="Filtreler" className="space-y-3">
        {shelf.statuses.length > 1 && (
          <Chips
            label="Durum"
            active={filters.status}
            hrefFor={(status) => change({ status })}
            options={[
              { value: undefined, label: "Tümü" },
              ...shelf.statuses.map((status) => ({
                value: STATUS_SLUGS[status],
                label: STATUS_LABELS[status],
              })),
            ]}
          />
        )}
        <Chips
          label="Tür"
          active={filters.kind}
          hrefFor={(kind) => change({ kind: kind as ListFilters["kind"] })}
          options={[
            { value: undefined, label: "Filmler ve Diziler" },
            ...LIST_KINDS.map((kind) => ({ value: kind.slug, label: kind.label })),
          ]}
        />
        <Form method="get" action={shelf.path} className="flex flex-wrap items-end gap-3">
          {filters.status && <input type="hidden" name="durum" value={filters.status} />}
          {filters.kind && <input type="hidden" name="tur" value={filters.kind} />}
          <label className="space-y-1.5 text-sm font-medium">
            <span className="block">Sıralama</span>
            <select
              name="sirala"
              value={filters.sort}
              onChange={(event) =>
                navigate(change({ sort: event.target.value as ListFilters["sort"] }), {
                  replace: true,
                  preventScrollReset: true,
                })
              }
              className="block h-10 w-60 rounded-lg border bg-card px-3 text-sm"
            >
              {LIST_SORTS.map((sort) => (
                <option key={sort.slug} value={sort.slug}>
                  {sort.label}
                </option>
              ))}
            </select>
          </label>
          {!hydrated && (
            <Button type="submit" variant="secondary">
              Uygula
            </Button>
          )}
        </Form>
      </section>

      {data.failed ? (
        <p
          role="alert"
          className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
        >
          Veriler yüklenirken hata oluştu
        </p>
      ) : data.tiles.length === 0 ? (
        <div className="space-y-3 rounded-lg border border-dashed p-8 text-center">
          <p className="text-muted-foreground">
            {data.total === 0 && !filters.status && !filters.kind
              ? shelf.empty
              : "Bu filtrelere uygun yapım bulunamadı."}
          </p>
          <Button asChild variant="secondary">
            <Link to="/">Keşfet</Link>
          </Button>
        </div>
      ) : (
        <ul
          aria-label={shelf.gridLabel}
          aria-busy={loading}
          className={cn(
            "grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-6",
            loading && "opacity-60",
          )}
        >
          {data.tiles.map((tile) => (
            <Tile key={tile.key} tile={tile} removable className="w-full" />
          ))}
        </ul>
      )}

      {!data.failed && (
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          hrefFor={(page) => listHref(filters, page)}
        />
      )}
    </div>
  );
}
