import { Search, X } from "~/ui/icons";
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { useFetcher, useNavigate } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { yearOf } from "~/core/format";
import { departmentLabel } from "../labels";
import { MIN_QUERY_LENGTH, type SearchGroups } from "../search";
import type { SearchResult } from "../types";
import { useImageUrl } from "./image-base";
import { paths } from "~/core/paths";
import { displayDate, displayName, titleHref } from "../display";

const SEARCH_DEBOUNCE_MS = 500;

function hrefOf(item: SearchResult) {
  return item.mediaType === "person" ? paths.person(item) : titleHref(item);
}

function useDebounced(value: string, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The live search dialog, opened from the header's search field (search-dialog.tsx): a native
 * modal <dialog> (focus kept inside, Escape, the page behind inert), shown while `open`.
 */
export default function SearchDialogPanel({
  open,
  onOpenChange,
  initialQuery = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialQuery?: string;
}) {
  if (!open) return null;
  return <Panel initialQuery={initialQuery} close={() => onOpenChange(false)} />;
}

function Panel({ initialQuery, close }: { initialQuery: string; close: () => void }) {
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const fetcher = useFetcher<SearchGroups>();
  const image = useImageUrl();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    inputRef.current?.focus();
    return () => dialog.close();
  }, []);

  const trimmed = query.trim();
  const debounced = useDebounced(trimmed, SEARCH_DEBOUNCE_MS);
  const { load } = fetcher;

  useEffect(() => {
    // A new load aborts the one in flight, so an older answer never lands after a newer one.
    if (debounced.length >= MIN_QUERY_LENGTH)
      void load(`/api/arama?q=${encodeURIComponent(debounced)}`);
  }, [debounced, load]);

  // Only an answer for exactly what is typed now counts.
  const data = fetcher.data?.query === trimmed ? fetcher.data : undefined;
  const groups = useMemo(
    () =>
      data
        ? [
            { label: "Filmler", items: data.movies as SearchResult[] },
            { label: "Diziler", items: data.series as SearchResult[] },
            { label: "Oyuncular", items: data.people as SearchResult[] },
          ].filter((group) => group.items.length > 0)
        : [],
    [data],
  );
  const flat = groups.flatMap((group) => group.items);

  function choose(item: SearchResult) {
    close();
    navigate(hrefOf(item));
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && flat.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % flat.length);
    } else if (event.key === "ArrowUp" && flat.length) {
      event.preventDefault();
      setActive((index) => (index - 1 + flat.length) % flat.length);
    } else if (event.key === "Enter") {
      const item = flat[active];
      if (item) {
        event.preventDefault();
        choose(item);
      }
    }
  }

  let status: string | null = null;
  if (trimmed.length < MIN_QUERY_LENGTH) status = "En az 3 karakter girin";
  else if (!data) status = "Aranıyor...";
  else if (data.failed) status = "Veriler yüklenirken bir hata oluştu.";
  else if (flat.length === 0) status = "Sonuç bulunamadı";

  return (
    // A click on the backdrop lands on the dialog itself: it closes, as Escape does.
    <dialog
      ref={dialogRef}
      aria-label="Ara"
      aria-describedby={`${listId}-description`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={close}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-auto top-[12vh] left-1/2 m-0 w-[min(640px,calc(100vw-2rem))] max-w-none -translate-x-1/2 overflow-hidden rounded-xl border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/60"
    >
      <p id={`${listId}-description`} className="sr-only">
        Film, dizi veya oyuncu arayın
      </p>
      <div className="flex items-center gap-2 border-b px-3">
        <Search className="size-5 text-muted-foreground" aria-hidden />
        <input
          ref={inputRef}
          type="text"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Film, dizi veya oyuncu ara..."
          aria-label="Film, dizi veya oyuncu ara"
          role="combobox"
          aria-expanded={flat.length > 0}
          aria-controls={listId}
          aria-activedescendant={flat[active] ? `${listId}-${active}` : undefined}
          autoComplete="off"
          className="h-14 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
        />
        <Button variant="ghost" size="icon" aria-label="Kapat" onClick={close}>
          <X className="size-5" aria-hidden />
        </Button>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Arama sonuçları"
        className="max-h-[300px] overflow-y-auto p-2"
      >
        {status ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground" role="status">
            {status}
          </p>
        ) : (
          groups.map((group) => (
            <div key={group.label} role="group" aria-label={group.label} className="pb-2">
              <p className="px-3 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {group.label}
              </p>
              {group.items.map((item) => {
                const index = flat.indexOf(item);
                const name = displayName(item);
                const detail =
                  item.mediaType === "person"
                    ? departmentLabel(item.knownForDepartment)
                    : yearOf(displayDate(item));
                const picture = image(
                  "w200",
                  item.mediaType === "person" ? item.profilePath : item.posterPath,
                );
                return (
                  <div
                    key={`${item.mediaType}-${item.id}`}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => choose(item)}
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2",
                      index === active && "bg-muted",
                    )}
                  >
                    {picture ? (
                      <img
                        src={picture}
                        alt=""
                        className="h-12 w-8 rounded object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <span className="h-12 w-8 rounded bg-muted" />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{name}</span>
                      <span className="block text-xs text-muted-foreground">{detail}</span>
                    </span>
                  </div>
                );
              })}
            </div>
          ))
        )}
      </div>
      {trimmed.length >= MIN_QUERY_LENGTH && (
        <div className="border-t p-2 text-right">
          <Link
            to={paths.search(trimmed)}
            onClick={close}
            className="inline-block rounded-md px-3 py-1.5 text-sm font-medium text-primary hover:bg-muted"
          >
            Tüm sonuçlar
          </Link>
        </div>
      )}
    </dialog>
  );
}
