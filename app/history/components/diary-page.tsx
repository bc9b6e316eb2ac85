import { Poster } from "~/catalogue/components/poster";
import { useImageUrl } from "~/catalogue/components/image-base";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { ChipLink } from "~/ui/chip-link";
import { ChevronLeft, ChevronRight, Pencil, Repeat, Star } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { DiaryEntryView } from "../diary.server";
import type { DiaryPageData } from "../diary-page.server";
import type { DiaryFilters } from "../schemas";

const monthFormat = new Intl.DateTimeFormat("tr-TR", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-05" → "Kasım 2026". */
function monthHeading(day: string) {
  return monthFormat.format(new Date(`${day.slice(0, 7)}-01T00:00:00Z`));
}

/** The page's URL for a state: defaults and page 1 are left out. */
function diaryHref(filters: Omit<DiaryFilters, "page">, page = 1) {
  const params = new URLSearchParams();
  if (filters.year) params.set("yil", String(filters.year));
  if (filters.kind) params.set("tur", filters.kind);
  if (page > 1) params.set("sayfa", String(page));
  const query = params.toString();
  return query ? `${paths.diary}?${query}` : paths.diary;
}

/** Consecutive entries of the same month, in the order given (newest first). */
function byMonth(entries: DiaryEntryView[]) {
  const months: { month: string; entries: DiaryEntryView[] }[] = [];
  for (const entry of entries) {
    const month = entry.watchedOn.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.entries.push(entry);
    else months.push({ month, entries: [entry] });
  }
  return months;
}

const excerpt = (text: string, limit = 220) =>
  text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`;

function Entry({ entry }: { entry: DiaryEntryView }) {
  const image = useImageUrl();
  const kind = entry.itemType === "movie" ? "Film" : "Dizi";
  const title = entry.title ?? `${kind} #${entry.itemId}`;
  return (
    <li className="flex gap-3 rounded-xl border bg-card p-3 sm:gap-4">
      {/* The same address as the title's link: kept out of the tab order and the link list. */}
      <Link
        to={paths.title(entry.itemType, { id: entry.itemId, name: entry.title ?? "" })}
        className="w-14 shrink-0 sm:w-16"
        tabIndex={-1}
        aria-hidden
      >
        <Poster src={image("w200", entry.posterPath)} alt={title} className="rounded-md" />
      </Link>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 className="font-semibold">
            <Link
              to={paths.title(entry.itemType, { id: entry.itemId, name: entry.title ?? "" })}
              className="hover:text-primary"
            >
              {title}
            </Link>
          </h3>
          <span className="text-xs text-muted-foreground">{kind}</span>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <time dateTime={entry.watchedOn}>{formatLongDate(entry.watchedOn)}</time>
          {entry.rating !== null && (
            <span className="inline-flex items-center gap-1">
              <Star className="size-3.5 fill-yellow-400 text-yellow-400" aria-hidden />
              <span className="sr-only">Puan:</span>
              {entry.rating}/10
            </span>
          )}
          {entry.rewatch && (
            <span className="inline-flex items-center gap-1 text-primary">
              <Repeat className="size-3.5" aria-hidden />
              Tekrar izleme
            </span>
          )}
        </p>
        {entry.tags.length > 0 && (
          <ul aria-label="Etiketler" className="flex flex-wrap gap-1.5">
            {entry.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {entry.review && (
          <p className="text-sm leading-relaxed break-words whitespace-pre-line">
            {excerpt(entry.review)}
          </p>
        )}
      </div>
      <Button variant="ghost" size="icon" asChild className="shrink-0">
        <Link to={paths.diaryEntry(entry.id)} aria-label={`${title} kaydını düzenle`}>
          <Pencil className="size-4" aria-hidden />
        </Link>
      </Button>
    </li>
  );
}

/** /dashboard/gunluk: the person's watches by month, newest first, 50 a page, with filters. */
export function DiaryPage({ data }: { data: DiaryPageData }) {
  const { filters } = data;
  const months = byMonth(data.entries);
  const filtered = Boolean(filters.year || filters.kind);
  // "Yıllık özet" of the year shown, else of the latest year with entries.
  const summaryYear = filters.year ?? data.years[0];
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Ana Sayfa", to: "/" },
          { label: "Dashboard", to: paths.dashboard },
          { label: "Günlüğüm" },
        ]}
      />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">Günlüğüm</h1>
        {summaryYear !== undefined && (
          <Link
            to={paths.yearSummary(summaryYear)}
            className="text-sm font-medium text-primary hover:underline"
          >
            {summaryYear} özetim
          </Link>
        )}
      </div>
      <section aria-label="Filtreler" className="space-y-3">
        <div role="group" aria-label="Tür" className="flex flex-wrap gap-2">
          {(
            [
              [undefined, "Tümü"],
              ["film", "Filmler"],
              ["dizi", "Diziler"],
            ] as const
          ).map(([kind, label]) => (
            <ChipLink
              key={label}
              to={diaryHref({ ...filters, kind })}
              active={filters.kind === kind}
            >
              {label}
            </ChipLink>
          ))}
        </div>
        {data.years.length > 0 && (
          <div role="group" aria-label="Yıl" className="flex flex-wrap gap-2">
            <ChipLink to={diaryHref({ ...filters, year: undefined })} active={!filters.year}>
              Tüm yıllar
            </ChipLink>
            {data.years.map((year) => (
              <ChipLink
                key={year}
                to={diaryHref({ ...filters, year })}
                active={filters.year === year}
              >
                {year}
              </ChipLink>
            ))}
          </div>
        )}
      </section>
      {months.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          {filtered
            ? "Bu filtrelere uyan bir kayıt yok."
            : "Günlüğünüz henüz boş. Bir film ya da dizinin sayfasında “İzledim” ile başlayın."}
        </p>
      ) : (
        months.map(({ month, entries }) => (
          <section key={month} aria-labelledby={`ay-${month}`} className="space-y-3">
            <h2 id={`ay-${month}`} className="text-xl font-bold">
              {monthHeading(month)}
            </h2>
            <ol className="space-y-3">
              {entries.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </ol>
          </section>
        ))
      )}
      {(filters.page > 1 || data.hasNext) && (
        <nav aria-label="Sayfalar" className="flex items-center justify-center gap-3 pt-2">
          {filters.page > 1 && (
            <Button variant="outline" asChild>
              <Link to={diaryHref(filters, filters.page - 1)}>
                <ChevronLeft className="size-4" aria-hidden />
                Daha yeni
              </Link>
            </Button>
          )}
          <span className="text-sm text-muted-foreground">Sayfa {filters.page}</span>
          {data.hasNext && (
            <Button variant="outline" asChild>
              <Link to={diaryHref(filters, filters.page + 1)}>
                Daha eski
                <ChevronRight className="size-4" aria-hidden />
              </Link>
            </Button>
          )}
        </nav>
      )}
    </div>
  );
}
