import { lazy, Suspense } from "react";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { useLocation } from "react-router";
import type { TitleRef } from "~/catalogue/types";
import { paths } from "~/core/paths";
import { cn } from "~/ui/cn";
import { ListPlus } from "~/ui/icons";
import { useHydrated } from "~/ui/use-hydrated";

// The picker (a Radix popover and its forms) loads only for a signed-in visitor with JavaScript.
const AddToListPicker = lazy(() => import("./add-to-list-picker"));

/** Not "Listeye ekle…": beside "İzleme listeme ekle" it must not be taken for it (decision 029). */
const LABEL = "Bir listeye ekle…";

/** The button's look, shared by the link it is without JavaScript and the picker's trigger. */
const addToListTriggerClass = (compact: boolean) =>
  cn(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg border text-sm font-medium transition hover:bg-muted disabled:opacity-60",
    compact ? "size-10" : "h-10 px-4",
  );

function Face({ compact }: { compact: boolean }) {
  return (
    <>
      <ListPlus className="size-4" aria-hidden />
      {compact ? <span className="sr-only">{LABEL}</span> : LABEL}
    </>
  );
}

/**
 * "Listeye ekle…" (issue #25), next to the watchlist button and on search results. Anonymous: a
 * link to sign in. Without JavaScript: a link to the title's choices page (plain forms). With
 * JavaScript: a popover that loads the person's lists when opened, so the page itself stays the
 * same for everyone and cacheable. `compact` is the icon-only button of a search result.
 */
export function AddToListButton({ item, compact = false }: { item: TitleRef; compact?: boolean }) {
  const user = useCurrentUser();
  const hydrated = useHydrated();
  const location = useLocation();
  const className = addToListTriggerClass(compact);
  const title = compact ? LABEL : undefined;
  if (!user)
    return (
      <a
        href={paths.authReturningTo(location.pathname + location.search)}
        className={className}
        title={title}
      >
        <Face compact={compact} />
      </a>
    );
  const link = (
    <a href={paths.addToListChoices(item)} className={className} title={title}>
      <Face compact={compact} />
    </a>
  );
  if (!hydrated) return link;
  return (
    <Suspense
      fallback={
        <button type="button" disabled className={className} title={title}>
          <Face compact={compact} />
        </button>
      }
    >
      <AddToListPicker item={item} className={className} title={title}>
        <Face compact={compact} />
      </AddToListPicker>
    </Suspense>
  );
}
