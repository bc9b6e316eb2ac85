import { Check, Plus } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";
import { useLibraryFetcher } from "./use-library-fetcher";

/**
 * 'Listeye Ekle' → 'Listemde' (secondary) → removed again (SPEC.md section 4). Disabled while
 * a request runs; anonymous visitors are asked to sign in.
 */
export function WatchlistButton({
  itemType,
  itemId,
  inList,
}: {
  itemType: "movie" | "tv";
  itemId: number;
  inList: boolean;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(`watchlist-${itemType}-${itemId}`);
  const busy = fetcher.state !== "idle";
  const current =
    fetcher.data?.ok && fetcher.data.inList !== undefined ? fetcher.data.inList : inList;

  return (
    <fetcher.Form
      method="post"
      action="/liste"
      onSubmit={(event) => {
        if (user) return;
        event.preventDefault();
        toast.error("Lütfen giriş yapın");
        navigate("/auth");
      }}
    >
      <input type="hidden" name="intent" value={current ? "remove" : "add"} />
      <input type="hidden" name="itemType" value={itemType} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <Button
        type="submit"
        variant={current ? "secondary" : "outline"}
        disabled={busy}
        aria-pressed={current}
      >
        {current ? (
          <Check className="size-4" aria-hidden />
        ) : (
          <Plus className="size-4" aria-hidden />
        )}
        {current ? "Listemde" : "Listeye Ekle"}
      </Button>
    </fetcher.Form>
  );
}
