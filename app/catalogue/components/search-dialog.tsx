import { Search } from "~/ui/icons";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { paths } from "~/core/paths";
// Part of every page's modules: once hydrated, the field's first focus opens it without another
// download. It is a native <dialog>, so it costs no dialog library (decision 026).
import SearchDialogPanel from "./search-dialog-panel";

/** What the header's search field looks like while it has the focus (it covers the bar). */
const FIELD_CLASS =
  "pointer-events-none absolute inset-x-4 top-1/2 z-10 h-11 -translate-y-1/2 rounded-lg border bg-card px-3 text-base opacity-0 shadow-lg outline-none placeholder:text-muted-foreground focus:pointer-events-auto focus:opacity-100";

/**
 * The nav's search (decision 026). Without JavaScript, or before the page has hydrated, it is a
 * form to /ara: a tap on the magnifier (the field's label) puts the focus in the field, which
 * then covers the bar, and Enter opens the results page. Once hydrated, the field's focus (the
 * same tap) or Ctrl/⌘+K opens the live dialog instead, carrying over what was typed.
 */
export function SearchDialog() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [initialQuery, setInitialQuery] = useState("");
  const fieldRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  const openDialog = useCallback(() => {
    const field = fieldRef.current;
    setInitialQuery(field?.value.trim() ?? "");
    if (field) {
      field.value = "";
      field.blur();
    }
    setRequested(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    // Tapped (and perhaps typed in) before hydration: the dialog takes over from the field.
    if (document.activeElement === fieldRef.current) openDialog();
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        openDialog();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openDialog]);

  return (
    <>
      <form method="get" action={paths.searchPage} role="search" aria-label="Site araması">
        <label
          htmlFor={fieldId}
          className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg transition hover:bg-muted"
        >
          <Search className="size-5" aria-hidden />
          <span className="sr-only">Ara</span>
        </label>
        <input
          ref={fieldRef}
          id={fieldId}
          type="search"
          name="q"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Film, dizi veya oyuncu ara..."
          aria-label="Film, dizi veya oyuncu ara"
          onFocus={openDialog}
          className={FIELD_CLASS}
        />
      </form>
      {requested && (
        <SearchDialogPanel open={open} onOpenChange={setOpen} initialQuery={initialQuery} />
      )}
    </>
  );
}
