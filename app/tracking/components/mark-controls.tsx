import type { FormEvent, ReactNode } from "react";
import { useFetchers, useLocation, useNavigate } from "react-router";
import { episodeRowId } from "~/catalogue/components/season-page";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Check, Eye } from "~/ui/icons";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { applyMarks, pendingMarks } from "../pending-marks";
import { WATCHED_WHEN, WATCHED_WHEN_LABELS, type MarkIntent } from "../mark-intents";

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
  anchor,
}: {
  target: Target;
  intent: MarkIntent;
  pressed?: boolean;
  label?: string;
  children: ReactNode;
  className?: string;
  variant?: "primary" | "secondary" | "outline" | "ghost";
  /** Shares the fetcher with the other forms given the same key. */
  fetcherKey?: string;
  /** The id the page comes back to without JavaScript (the form's row). */
  anchor?: string;
}) {
  const { fetcher, guard, fields } = useMarkForm(target, intent, fetcherKey, anchor);
  return (
    <fetcher.Form method="post" action={paths.episodeMark} onSubmit={guard}>
      {fields}
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
 * What every mark form shares: its fetcher, the guard that sends an anonymous visitor to sign in
 * (and back here afterwards), and the hidden fields, `returnTo` with the row's anchor so a page
 * without JavaScript comes back to the same row.
 */
function useMarkForm(target: Target, intent: MarkIntent, fetcherKey?: string, anchor?: string) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(fetcherKey);
  const here = location.pathname + location.search;
  const guard = (event: { preventDefault(): void }) => {
    if (user) return;
    event.preventDefault();
    toast.error("Lütfen giriş yapın");
    void navigate(paths.authReturningTo(anchor ? `${here}#${anchor}` : here));
  };
  const fields = (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="seriesId" value={target.seriesId} />
      <input type="hidden" name="season" value={target.season} />
      {target.episode !== undefined && (
        <input type="hidden" name="episode" value={target.episode} />
      )}
      <input type="hidden" name="returnTo" value={anchor ? `${here}#${anchor}` : here} />
      {hydrated && <input type="hidden" name="js" value="1" />}
    </>
  );
  return { fetcher, guard, fields };
}

/**
 * A bulk mark ("Sezonu İzledim", "Buraya kadar izledim") asks when: a disclosure (no script
 * needed) holding a form with "Şimdi", "Yayın tarihinde", "Başka bir tarih" (a date field) and
 * "Tarihini hatırlamıyorum". With JavaScript it posts through a fetcher and closes.
 */
function BulkMarkForm({
  target,
  intent,
  summary,
  summaryLabel,
  variant,
  anchor,
  fetcherKey,
}: {
  target: Target;
  intent: "season" | "up-to";
  summary: ReactNode;
  summaryLabel?: string;
  variant: "secondary" | "ghost";
  anchor: string;
  fetcherKey?: string;
}) {
  const { fetcher, guard, fields } = useMarkForm(target, intent, fetcherKey, anchor);
  const name = `when-${target.seriesId}-${target.season}-${target.episode ?? "sezon"}`;
  const dayId = `${name}-gun`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    guard(event);
    event.currentTarget.closest("details")?.removeAttribute("open");
  };
  return (
    <details className="group relative">
      <summary
        aria-label={summaryLabel}
        className={cn(
          buttonVariants({ variant }),
          "h-9 cursor-pointer list-none px-3 [&::-webkit-details-marker]:hidden",
        )}
      >
        {summary}
      </summary>
      <fetcher.Form
        method="post"
        action={paths.episodeMark}
        onSubmit={submit}
        className="mt-2 w-64 space-y-2 rounded-lg border bg-background p-3 text-sm shadow-xl"
      >
        {fields}
        <fieldset className="space-y-1.5">
          <legend className="mb-1 font-medium">Ne zaman izlediniz?</legend>
          {WATCHED_WHEN.map((choice) => (
            <label key={choice} className="flex items-center gap-2">
              <input
                type="radio"
                name="when"
                value={choice}
                defaultChecked={choice === "now"}
                className="accent-primary"
              />
              {WATCHED_WHEN_LABELS[choice]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={dayId} className="block text-muted-foreground">
          Gün (Başka bir tarih için)
        </label>
        <input
          id={dayId}
          type="date"
          name="day"
          min="1900-01-01"
          className="h-9 w-full rounded-md border bg-background px-2"
        />
        <Button type="submit" variant="primary" className="h-9 w-full">
          İşaretle
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** "Bölümü İzledim"; pressed, "İzlendi" (pressing again takes the mark back). */
export function EpisodeToggle({
  target,
  watched,
  anchor,
}: {
  target: Required<Target>;
  watched: boolean;
  anchor?: string;
}) {
  return (
    <MarkForm
      target={target}
      intent={watched ? "unmark" : "mark"}
      anchor={anchor}
      pressed={watched}
      variant={watched ? "primary" : "outline"}
    >
      {watched ? <Check className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      {watched ? "İzlendi" : "Bölümü İzledim"}
    </MarkForm>
  );
}

/** "Buraya kadar izledim": every aired episode from the first one up to this one, asking when. */
export function UpToButton({ target }: { target: Required<Target> }) {
  return (
    <BulkMarkForm
      target={target}
      intent="up-to"
      variant="ghost"
      anchor={episodeRowId(target.episode)}
      summaryLabel={`Buraya kadar izledim: ${target.season}. Sezon ${target.episode}. Bölüm`}
      summary="Buraya kadar izledim"
    />
  );
}

/**
 * "Sezonu İzledim" for the season's aired episodes, asking when; once all are watched, "Sezon
 * İzlendi" takes them back.
 */
export function SeasonToggle({ target, complete }: { target: Target; complete: boolean }) {
  const season = { seriesId: target.seriesId, season: target.season };
  // One fetcher for both forms: the optimistic swap from one to the other must not drop the
  // answer (and its toast) of the form just sent.
  const fetcherKey = `season-${target.seriesId}-${target.season}`;
  if (complete)
    return (
      <MarkForm
        target={season}
        intent="unmark-season"
        pressed
        variant="primary"
        anchor="bolumler"
        fetcherKey={fetcherKey}
      >
        <Check className="size-4" aria-hidden />
        Sezon İzlendi
      </MarkForm>
    );
  return (
    <BulkMarkForm
      target={season}
      intent="season"
      variant="secondary"
      anchor="bolumler"
      fetcherKey={fetcherKey}
      summary={
        <>
          <Check className="size-4" aria-hidden />
          Sezonu İzledim
        </>
      }
    />
  );
}

/**
 * "{izlenen}/{toplam} bölüm" with a bar. `partial`: the catalogue does not list every season's
 * episodes, so the figures are over the known episodes only and say so (no percentage).
 */
export function ProgressBar({
  watched,
  total,
  label,
  compact,
  partial,
}: {
  watched: number;
  total: number;
  /** What the progress is of, for screen readers ("1. Sezon"). */
  label: string;
  compact?: boolean;
  partial?: boolean;
}) {
  const share = total > 0 ? Math.min(100, Math.round((watched / total) * 100)) : 0;
  const text = `${formatCount(watched)}/${formatCount(total)} ${partial ? "bilinen " : ""}bölüm`;
  return (
    <div className={cn("space-y-1.5", compact ? "text-xs" : "text-sm")}>
      <p className="flex items-center justify-between gap-2 font-medium">
        <span data-testid="progress-text">{text}</span>
        {!compact && !partial && <span className="text-muted-foreground">%{share}</span>}
      </p>
      {partial && !compact && (
        <p className="text-muted-foreground">
          Kısmi: bazı sezonların bölüm bilgisi henüz yok, ilerleme yalnızca bilinen bölümlerden
          hesaplanıyor.
        </p>
      )}
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
