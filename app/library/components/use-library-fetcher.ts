import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/ui/toast";
import type { LibraryAnswer } from "../library-actions.server";

/** A fetcher for the watchlist and review forms whose answers become toasts. */
export function useLibraryFetcher(key?: string) {
  const fetcher = useFetcher<LibraryAnswer>({ key });
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.message, { id: `library-${result.at}` });
    else toast.error(result.message, { id: `library-${result.at}` });
  }, [result]);
  return fetcher;
}
