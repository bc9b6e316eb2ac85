import type { ReactNode } from "react";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Pager } from "~/ui/pager";
import { formatCount, formatRating, yearOf } from "~/core/format";
import { departmentLabel } from "../labels";
import type { SearchPage } from "../search";
import type { SearchResult } from "../types";
import { useImageUrl } from "./image-base";
import { Poster } from "./poster";
import { paths } from "~/core/paths";
import { displayDate, displayName, titleHref } from "../display";
import { Link } from "~/ui/link";
import { GridError } from "./title-grid";

const KIND_LABELS = { movie: "Film", tv: "Dizi", person: "Kişi" } as const;

/** What a film's or series' result row may carry beside its link (the routes fill it). */
export type ResultAction = (item: { type: "movie" | "tv"; id: number }) => ReactNode;

function ResultRow({ item, action }: { item: SearchResult; action?: ResultAction }) {
  const image = useImageUrl();
  const person = item.mediaType === "person";
  const name = displayName(item);
  const href = item.mediaType === "person" ? paths.person(item) : titleHref(item);
  const picture = image("w200", item.mediaType === "person" ? item.profilePath : item.posterPath);
  return (
    <li className="flex items-start gap-2">
      <Link
        to={href}
        className="flex min-w-0 flex-1 gap-4 rounded-lg p-2 transition hover:bg-muted"
      >
        <Poster src={picture} alt={name} className="w-16 shrink-0 rounded-md" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{name}</p>
          <p className="text-sm text-muted-foreground">
            {KIND_LABELS[item.mediaType]}
            {" · "}
            {person
              ? departmentLabel(item.knownForDepartment)
              : `${yearOf(displayDate(item))} · ★ ${formatRating(item.voteAverage)}`}
          </p>
          {!person && item.overview && (
            <p className="line-clamp-2 text-sm text-muted-foreground">{item.overview}</p>
          )}
        </div>
      </Link>
      {item.mediaType !== "person" && action && (
        <div className="shrink-0 pt-2">{action({ type: item.mediaType, id: item.id })}</div>
      )}
    </li>
  );
}

/** /ara?q=…: every result, paged, rendered on the server so a search can be shared. */
export function SearchResults({ data, action }: { data: SearchPage; action?: ResultAction }) {
  const hrefFor = (page: number) => paths.search(data.query, page);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Breadcrumb items={[{ label: "Ana Sayfa", to: "/" }, { label: "Arama" }]} />
      <h1 className="text-3xl font-bold">
        {data.query ? `“${data.query}” için sonuçlar` : "Arama"}
      </h1>
      <form method="get" action={paths.searchPage} role="search" className="flex gap-2">
        <input
          type="search"
          name="q"
          defaultValue={data.query}
          placeholder="Film, dizi veya oyuncu ara..."
          aria-label="Film, dizi veya oyuncu ara"
          className="h-11 flex-1 rounded-lg border bg-card px-3"
        />
        <button
          type="submit"
          className="h-11 rounded-lg bg-primary px-4 font-medium text-primary-foreground"
        >
          Ara
        </button>
      </form>
      {data.tooShort ? (
        <p className="text-muted-foreground">En az 3 karakter girin</p>
      ) : data.results === null ? (
        <GridError />
      ) : data.results.length === 0 ? (
        <p className="text-muted-foreground">Sonuç bulunamadı</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{formatCount(data.totalResults)} sonuç</p>
          <ul className="space-y-1">
            {data.results.map((item) => (
              <ResultRow key={`${item.mediaType}-${item.id}`} item={item} action={action} />
            ))}
          </ul>
        </>
      )}
      <Pager page={data.page} totalPages={data.totalPages} hrefFor={hrefFor} />
    </div>
  );
}
