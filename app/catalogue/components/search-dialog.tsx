import { Search } from "~/ui/icons";
import { useEffect, useState } from "react";
import { Button } from "~/ui/button";
// Part of every page's modules, not loaded on first use: a first tap must not wait for another
// round trip and React's 300 ms hold on a revealed Suspense boundary. An anonymous visitor
// downloads it after the page has loaded, with the rest (decision 017).
import SearchDialogPanel from "./search-dialog-panel";

function SearchButton(props: { onClick?: () => void }) {
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
    if (requested) return; // the panel listens itself once shown
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
    return <SearchButton onClick={() => setRequested(true)} />;
  }
  return <SearchDialogPanel defaultOpen />;
}
