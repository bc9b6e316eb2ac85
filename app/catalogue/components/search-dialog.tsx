import { Search } from "~/ui/icons";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "~/ui/button";

// Radix Dialog and the search UI load on first use (a click, or Ctrl/⌘+K), not with every page.
const loadPanel = () => import("./search-dialog-panel");
const SearchDialogPanel = lazy(loadPanel);

function SearchButton(props: {
  onClick?: () => void;
  onPointerEnter?: () => void;
  disabled?: boolean;
}) {
  return (
    <Button variant="ghost" size="icon" aria-label="Ara" {...props}>
      <Search className="size-5" aria-hidden />
    </Button>
  );
}

/** The nav's search button and dialog (also Ctrl/⌘+K). */
export function SearchDialog() {
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (requested) return; // the panel listens itself once loaded
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setRequested(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [requested]);
  if (!requested) {
    return (
      <SearchButton onClick={() => setRequested(true)} onPointerEnter={() => void loadPanel()} />
    );
  }
  return (
    <Suspense fallback={<SearchButton disabled />}>
      <SearchDialogPanel defaultOpen />
    </Suspense>
  );
}
