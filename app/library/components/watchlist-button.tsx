import { Check, ChevronDown, Eye, Plus, Star, Trash2 } from "~/ui/icons";
import { lazy, Suspense } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";
import { STATUS_LABELS, WATCHLIST_STATUSES, type WatchlistStatus } from "../statuses";
import { useLibraryFetcher } from "./use-library-fetcher";
import { paths } from "~/core/paths";
import { PENDING_PARAM, RETURN_PARAM, writePendingIntent } from "~/core/return-path";
import { itemClass } from "./watchlist-item-class";

// The Radix menu (and its popper) is only for titles already in a signed-in visitor's list:
// anonymous visitors, most of the traffic, do not download it.
const WatchlistMenu = lazy(() => import("./watchlist-menu"));

const STATUS_ICONS = { plan_to_watch: Check, watching: Eye, watched: Check } as const;

/** The latest answer wins over the page's data until the page revalidates. */
function currentStatus(
  answer: { inList?: boolean; status?: WatchlistStatus } | undefined,
  status: WatchlistStatus | null,
): WatchlistStatus | null {
  if (answer?.status) return answer.status;
  if (answer?.inList === false) return null;
  if (answer?.inList === true) return status ?? "plan_to_watch";
  return status;
}

/**
 * Not in the list: 'İzleme listeme ekle' (SPEC.md section 4's 'Listeye Ekle', renamed by decision
 * 029 so it cannot be taken for "Bir listeye ekle…"). In the list: 'Listemde · {status}', a small
 * menu to change the status (İzleyeceğim, İzliyorum, İzledim) or remove the title. Without
 * JavaScript the menu is a <details> of plain form buttons; once hydrated, a Radix menu whose
 * choices post the same forms. Disabled while a request runs; anonymous visitors sign in first.
 */
export function WatchlistButton({
  itemType,
  itemId,
  status,
}: {
  itemType: "movie" | "tv";
  itemId: number;
  status: WatchlistStatus | null;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(`watchlist-${itemType}-${itemId}`);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.ok ? fetcher.data : undefined;
  const current = currentStatus(answer, status);
  const returnTo = location.pathname + location.search;

  const fields = (intent: string) => ({
    intent,
    itemType,
    itemId: String(itemId),
    returnTo,
    ...(hydrated ? { js: "1" } : {}),
  });
  const hidden = (intent: string) =>
    Object.entries(fields(intent)).map(([name, value]) => (
      <input key={name} type="hidden" name={name} value={value} />
    ));
  const guard = (event: { preventDefault(): void }) => {
    if (user) return true;
    event.preventDefault();
    toast.error("Lütfen giriş yapın");
    // Back here after signing in, with the title added (issue #33.8).
    const pending = writePendingIntent({
      kind: "watchlist-add",
      item: { type: itemType, id: itemId },
    });
    void navigate(paths.authReturningTo(returnTo, current === null ? pending : null));
    return false;
  };

  if (current === null) {
    // An anonymous visitor's post (without JavaScript) names the page and the title in its
    // address, so the sign-in it leads to comes back here with the title added (issue #33.8).
    const action = user
      ? "/liste"
      : `/liste?${new URLSearchParams({
          [RETURN_PARAM]: returnTo,
          [PENDING_PARAM]: writePendingIntent({
            kind: "watchlist-add",
            item: { type: itemType, id: itemId },
          }),
        })}`;
    return (
      <fetcher.Form method="post" action={action} onSubmit={guard}>
        {hidden("add")}
        <Button type="submit" variant="outline" disabled={busy} aria-pressed={false}>
          <Plus className="size-4" aria-hidden />
          İzleme listeme ekle
        </Button>
      </fetcher.Form>
    );
  }

  const Icon = STATUS_ICONS[current];
  const trigger = (
    <>
      <Icon className="size-4" aria-hidden />
      <span>
        Listemde <span aria-hidden>·</span> {STATUS_LABELS[current]}
      </span>
      <ChevronDown className="size-4" aria-hidden />
    </>
  );
  const offer = answer?.offerReview ? (
    <a
      href="#yorumlar"
      className="inline-flex items-center gap-1.5 self-center text-sm font-medium text-primary hover:underline"
    >
      <Star className="size-4" aria-hidden />
      Puan vermek ister misiniz?
    </a>
  ) : null;

  if (!hydrated) {
    // Without JavaScript: the same choices as plain form posts inside a disclosure.
    return (
      <details className="group relative">
        <summary
          className={cn(
            "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg bg-secondary px-4 text-sm font-medium text-secondary-foreground hover:bg-muted [&::-webkit-details-marker]:hidden",
          )}
        >
          {trigger}
        </summary>
        {/* In the flow, not floating: the hero clips what overflows it. */}
        <div className="mt-2 w-56 rounded-lg border bg-background p-1 shadow-xl">
          <form method="post" action="/liste">
            {hidden("status")}
            {WATCHLIST_STATUSES.map((value) => (
              <button
                key={value}
                type="submit"
                name="status"
                value={value}
                aria-pressed={value === current}
                className={itemClass}
              >
                <Check
                  className={cn("size-4", value === current ? "opacity-100" : "opacity-0")}
                  aria-hidden
                />
                {STATUS_LABELS[value]}
              </button>
            ))}
          </form>
          <div className="my-1 h-px bg-border" />
          <form method="post" action="/liste">
            {hidden("remove")}
            <button type="submit" className={cn(itemClass, "text-danger")}>
              <Trash2 className="size-4" aria-hidden />
              Listeden Kaldır
            </button>
          </form>
        </div>
      </details>
    );
  }

  const submit = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ ...fields(intent), ...extra }, { method: "post", action: "/liste" });

  const label = `Listemde: ${STATUS_LABELS[current]}`;
  return (
    <div className="flex flex-wrap gap-3">
      {/* Disabled until the menu has loaded, so a click never lands on a button that does nothing. */}
      <Suspense
        fallback={
          <Button variant="secondary" disabled aria-label={label}>
            {trigger}
          </Button>
        }
      >
        <WatchlistMenu
          current={current}
          busy={busy}
          label={label}
          trigger={trigger}
          onStatus={(value) => submit("status", { status: value })}
          onRemove={() => submit("remove")}
        />
      </Suspense>
      {offer}
    </div>
  );
}
