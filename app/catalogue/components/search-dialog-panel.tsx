import { Search, X } from "~/ui/icons";
import { Dialog } from "radix-ui";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
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

/** The search dialog with its button, loaded on first use (see search-dialog.tsx). */
export default function SearchDialogPanel({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const fetcher = useFetcher<SearchGroups>();
  const image = useImageUrl();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const trimmed = query.trim();
  const debounced = useDebounced(trimmed, SEARCH_DEBOUNCE_MS);
  const { load } = fetcher;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

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

  function reset() {
    setQuery("");
    setActive(0);
  }
  function choose(item: SearchResult) {
    setOpen(false);
    reset();
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
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Ara">
          <Search className="size-5" aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          className="fixed top-[12vh] left-1/2 z-50 w-[min(640px,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border bg-background shadow-2xl"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">Ara</Dialog.Title>
          <Dialog.Description className="sr-only">Film, dizi veya oyuncu arayın</Dialog.Description>
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
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Kapat">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
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
                onClick={() => {
                  setOpen(false);
                  reset();
                }}
                className="inline-block rounded-md px-3 py-1.5 text-sm font-medium text-primary hover:bg-muted"
              >
                Tüm sonuçlar
              </Link>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
