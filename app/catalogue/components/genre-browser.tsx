import { Form, useNavigate } from "react-router";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { ChevronDown } from "~/ui/icons";
import { ChipLink } from "~/ui/chip-link";
import { Pager } from "~/ui/pager";
import { useHydrated } from "~/ui/use-hydrated";
import { useNavigatingTo } from "~/ui/use-navigating";
import type { GenrePage } from "../browse.server";
import {
  DEFAULT_FILTERS,
  FAMILY_FILTER,
  filterSegment,
  QUICK_FILTERS,
  RATING_OPTIONS,
  SORT_OPTIONS,
  YEAR_OPTIONS,
  countActiveFilters,
  type FilterState,
} from "../filters";
import { paths } from "~/core/paths";
import { MEDIA_WORDS } from "../labels";
import { CardGrid, CardGridSkeleton, GridError } from "./title-grid";

const SELECTS = [
  { name: "siralama", key: "sortBy", label: "Sıralama", options: SORT_OPTIONS },
  { name: "yil", key: "yearRange", label: "Yıl Aralığı", options: YEAR_OPTIONS },
  { name: "puan", key: "minRating", label: "Minimum IMDB Puanı", options: RATING_OPTIONS },
] as const;

/** A genre page of films or series: quick filters, selects, results and pager. */
export function GenreBrowser({ data }: { data: GenrePage }) {
  const words = MEDIA_WORDS[data.mediaType];
  const basePath = paths.genre(data.mediaType, data.genre);
  const navigate = useNavigate();
  const loading = useNavigatingTo(basePath);
  const hydrated = useHydrated();

  // Every change goes back to page 1 and adds a history entry, so Back undoes it (decision 027).
  const hrefFor = (state: FilterState) => {
    const segment = filterSegment(state);
    return segment ? `${basePath}/${segment}` : basePath;
  };
  const applySelect = (key: (typeof SELECTS)[number]["key"], value: string) =>
    navigate(hrefFor({ ...data.filters, quickFilter: null, [key]: value }), {
      preventScrollReset: true,
    });
  const currentPath = hrefFor(data.filters);
  const family = data.filters.familyFriendly;
  const activeCount = countActiveFilters(data.filters);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Ana Sayfa", to: "/" },
          { label: words.section, to: paths.section(data.mediaType) },
          { label: data.genre.name ?? "Kategori" },
        ]}
      />
      <h1 className="text-3xl font-bold">
        {data.genre.name ? `${data.genre.name} ${words.plural}` : words.categoryFallback}
      </h1>

      {/*
        One "Filtrele" control (a native disclosure: it opens without JavaScript) holding every
        filter, so on a phone the results start in the first screen. From md up the filters are
        always shown (app.css) and the control itself is hidden.
      */}
      <details className="filters-panel group rounded-xl border bg-card md:rounded-none md:border-0 md:bg-transparent">
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 font-semibold select-none [&::-webkit-details-marker]:hidden">
          Filtrele
          {activeCount > 0 && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
              {activeCount}
              <span className="sr-only"> filtre açık</span>
            </span>
          )}
          <ChevronDown className="ml-auto size-4 transition group-open:rotate-180" aria-hidden />
        </summary>
        <div className="space-y-6 px-4 pb-4 md:px-0 md:pb-0">
          <section aria-labelledby="hizli-filtreler" className="space-y-3">
            <h2 id="hizli-filtreler" className="text-sm font-semibold text-muted-foreground">
              Hızlı Filtreler
            </h2>
            <div className="flex flex-wrap gap-2">
              {QUICK_FILTERS.map((filter) => {
                const active = data.filters.quickFilter === filter.slug;
                return (
                  <ChipLink
                    key={filter.slug}
                    to={hrefFor({
                      ...DEFAULT_FILTERS,
                      quickFilter: active ? null : filter.slug,
                      familyFriendly: family,
                    })}
                    active={active}
                    replace={false}
                  >
                    {filter.label}
                  </ChipLink>
                );
              })}
              {/* Combines with everything else: it only narrows what the other choices show. */}
              <ChipLink
                to={hrefFor({ ...data.filters, familyFriendly: !family })}
                active={family}
                replace={false}
              >
                {FAMILY_FILTER.label}
              </ChipLink>
            </div>
            {family && (
              <p className="text-sm text-muted-foreground">
                Yalnızca Türkiye&apos;deki yaş sınırı &quot;Genel İzleyici&quot; ya da en çok 7 yaş
                olan {words.one}ler gösteriliyor.
              </p>
            )}
          </section>

          {!data.filters.quickFilter && (
            <Form
              method="get"
              action={hrefFor({ ...DEFAULT_FILTERS, familyFriendly: family })}
              className="grid gap-3 sm:grid-cols-3"
            >
              {SELECTS.map((select) => (
                <label key={select.name} className="space-y-1.5 text-sm font-medium">
                  <span>{select.label}</span>
                  <select
                    name={select.name}
                    value={data.filters[select.key]}
                    onChange={(event) => applySelect(select.key, event.target.value)}
                    className="block h-10 w-full rounded-lg border bg-card px-3 text-sm"
                  >
                    {select.options.map((option) => (
                      <option key={option.slug} value={option.slug}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              {!hydrated && (
                <Button
                  type="submit"
                  variant="secondary"
                  className="sm:col-span-3 sm:justify-self-start"
                >
                  Uygula
                </Button>
              )}
            </Form>
          )}
        </div>
      </details>

      {/* The cards' titles are h3: with the filters folded away on a phone, this keeps the
          headings in order for screen readers (Lighthouse's heading-order). */}
      <h2 className="sr-only">Sonuçlar</h2>
      {loading ? (
        <CardGridSkeleton count={18} />
      ) : data.results === null ? (
        <GridError />
      ) : data.results.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          Bu filtrelere uygun {words.one} bulunamadı.
        </p>
      ) : (
        <CardGrid items={data.results} first />
      )}

      <Pager
        page={data.page}
        totalPages={data.totalPages}
        hrefFor={(page) => (page === 1 ? currentPath : `${currentPath}?sayfa=${page}`)}
      />
    </div>
  );
}
