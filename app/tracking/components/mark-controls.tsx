import type { ReactNode } from "react";
import { useFetchers, useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Check, Eye } from "~/ui/icons";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { applyMarks, pendingMarks } from "../pending-marks";
import type { MarkIntent } from "../mark-intents";

/**
 * The episodes of a season shown as watched: the page's data with every mark form in flight
 * applied, so a toggle, "Buraya kadar izledim" or "Sezonu İzledim" shows at once on every row
 * and in the progress bar, and the server's answer (the page's reloaded data) settles it.
 */
export function useShownWatched(
  seriesId: number,
  seasonNumber: number,
  watched: readonly number[],
  aired: readonly number[],
): Set<number> {
  const marks = pendingMarks(useFetchers(), paths.episodeMark, seriesId);
  return applyMarks(watched, aired, seasonNumber, marks);
}

interface Target {
  seriesId: number;
  season: number;
  episode?: number;
}

/**
 * One mark form: a plain POST to /bolum-izle that redirects back without JavaScript, and a
 * fetcher (toast, optimistic state through `useShownWatched`) with it. An anonymous visitor is
 * sent to sign in, as by the watchlist button.
 */
export function MarkForm({
  target,
  intent,
  pressed,
  label,
  children,
  className,
  variant = "outline",
  fetcherKey,
}: {
  target: Target;
  intent: MarkIntent;
  pressed?: boolean;
  label?: string;
  children: ReactNode;
  className?: string;
  variant?: "primary" | "secondary" | "outline" | "ghost";
  /** Shares the fetcher with a listener that outlives this form (see `MarkAnswers`). */
  fetcherKey?: string;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(fetcherKey);
  const guard = (event: { preventDefault(): void }) => {
    if (user) return;
    event.preventDefault();
    toast.error("Lütfen giriş yapın");
    void navigate(paths.auth);
  };
  return (
    <fetcher.Form method="post" action={paths.episodeMark} onSubmit={guard}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="seriesId" value={target.seriesId} />
      <input type="hidden" name="season" value={target.season} />
      {target.episode !== undefined && (
        <input type="hidden" name="episode" value={target.episode} />
      )}
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <Button
        type="submit"
        variant={variant}
        aria-pressed={pressed}
        aria-label={label}
        className={cn("h-9 px-3", className)}
      >
        {children}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Turns the answers of keyed mark forms into toasts while the forms themselves may be gone: a
 * form that disappears as soon as it is pressed (İzlemeye Devam Et moves its row on to an episode
 * not aired yet, or drops it) would take its fetcher, and the server's word, with it.
 */
export function MarkAnswers({ fetcherKeys }: { fetcherKeys: string[] }) {
  return fetcherKeys.map((key) => <MarkAnswer key={key} fetcherKey={key} />);
}

function MarkAnswer({ fetcherKey }: { fetcherKey: string }) {
  useLibraryFetcher(fetcherKey);
  return null;
}

/** "Bölümü İzledim"; pressed, "İzlendi" (pressing again takes the mark back). */
export function EpisodeToggle({ target, watched }: { target: Required<Target>; watched: boolean }) {
  return (
    <MarkForm
      target={target}
      intent={watched ? "unmark" : "mark"}
      pressed={watched}
      variant={watched ? "primary" : "outline"}
    >
      {watched ? <Check className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      {watched ? "İzlendi" : "Bölümü İzledim"}
    </MarkForm>
  );
}

/** "Buraya kadar izledim": every aired episode from the first one up to this one. */
export function UpToButton({ target }: { target: Required<Target> }) {
  return (
    <MarkForm
      target={target}
      intent="up-to"
      variant="ghost"
      label={`Buraya kadar izledim: ${target.season}. Sezon ${target.episode}. Bölüm`}
    >
      Buraya kadar izledim
    </MarkForm>
  );
}

/** "Sezonu İzledim" for the season's aired episodes; once all are watched, it takes them back. */
export function SeasonToggle({ target, complete }: { target: Target; complete: boolean }) {
  return (
    <MarkForm
      target={{ seriesId: target.seriesId, season: target.season }}
      intent={complete ? "unmark-season" : "season"}
      pressed={complete}
      variant={complete ? "primary" : "secondary"}
    >
      <Check className="size-4" aria-hidden />
      {complete ? "Sezon İzlendi" : "Sezonu İzledim"}
    </MarkForm>
  );
}

/** "{izlenen}/{toplam} bölüm" with a bar. */
export function ProgressBar({
  watched,
  total,
  label,
  compact,
}: {
  watched: number;
  total: number;
  /** What the progress is of, for screen readers ("1. Sezon"). */
  label: string;
  compact?: boolean;
}) {
  const share = total > 0 ? Math.min(100, Math.round((watched / total) * 100)) : 0;
  const text = `${formatCount(watched)}/${formatCount(total)} bölüm`;
  return (
    <div className={cn("space-y-1.5", compact ? "text-xs" : "text-sm")}>
      <p className="flex items-center justify-between gap-2 font-medium">
        <span data-testid="progress-text">{text}</span>
        {!compact && <span className="text-muted-foreground">%{share}</span>}
      </p>
      <div
        role="progressbar"
        aria-label={`${label}: ${text}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={watched}
        className={cn("overflow-hidden rounded-full bg-muted", compact ? "h-1.5" : "h-2.5")}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}
