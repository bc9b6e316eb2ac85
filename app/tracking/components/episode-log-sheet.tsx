import { useEffect, useRef, useState } from "react";
import { useActionData, useLocation } from "react-router";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { formatLongDate } from "~/core/format";
import type { FormAnswer } from "~/core/form-answer.server";
import { paths } from "~/core/paths";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { Button } from "~/ui/button";
import { Check } from "~/ui/icons";
import { Link } from "~/ui/link";
import { RatingPicker } from "~/ui/rating-picker";
import { useHydrated } from "~/ui/use-hydrated";
import type { EpisodeMark } from "../page-marks.server";
import { MarkForm, useShownWatched } from "./mark-controls";

/** A refused sheet's answer: the message and what was typed (episodeLogAction). */
type LogAnswer = FormAnswer & { fields?: Record<string, string> };

const faceClass =
  "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg px-4 text-sm font-semibold transition [&::-webkit-details-marker]:hidden";
const primaryFace = `${faceClass} bg-primary text-primary-foreground hover:bg-primary/90`;
const inputClass =
  "block w-full rounded-lg border bg-background px-3 py-2 text-base outline-none focus:border-primary sm:text-sm";

/**
 * The episode page's "İzledim", first under the title (issue #33.2, decision 029 for films and
 * series): one sheet with what an episode watch is in the model: the day (today in Istanbul by
 * default), Puanım filled in with the rating already given, and, once the episode is marked,
 * "Tekrar izledim" (an episode keeps one date, its latest watch). Saved with one more tap. A
 * <details> holding a normal form posted to the page itself, so it works without JavaScript;
 * with it, the form is a fetcher that folds the sheet away once saved. While the sheet is open
 * the page's own Puanım steps aside (app.css), so the page never shows two rating controls.
 * Unaired episodes say so, specials have no mark, anonymous visitors get a link to sign in
 * that comes back here.
 */
export function EpisodeLogSheet({
  target,
  mark,
  myRating,
}: {
  target: { seriesId: number; season: number; episode: number };
  mark: EpisodeMark;
  myRating: number | null;
}) {
  const user = useCurrentUser();
  const location = useLocation();
  const shown = useShownWatched(
    target.seriesId,
    target.season,
    mark.watched ? [target.episode] : [],
    mark.aired ? [target.episode] : [],
  );
  if (!mark.markable) return null;
  if (!mark.aired) return <p className="text-sm text-muted-foreground">Henüz yayınlanmadı</p>;
  if (!user)
    return (
      <Link to={paths.authReturningTo(location.pathname)} className={primaryFace}>
        <Check className="size-4" aria-hidden />
        İzledim
      </Link>
    );
  return (
    <SignedInSheet
      target={target}
      watched={shown.has(target.episode)}
      watchedOn={mark.watchedOn}
      today={mark.today}
      myRating={myRating}
    />
  );
}

function SignedInSheet({
  target,
  watched,
  watchedOn,
  today,
  myRating,
}: {
  target: { seriesId: number; season: number; episode: number };
  watched: boolean;
  watchedOn: string | null;
  today: string;
  myRating: number | null;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(
    `episode-log-${target.seriesId}-${target.season}-${target.episode}`,
  );
  const refusedHere = useActionData<LogAnswer>();
  const answer = (fetcher.data as LogAnswer | undefined) ?? refusedHere;
  const refused = answer && !answer.ok ? answer : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    formRef.current?.reset();
    if (detailsRef.current) detailsRef.current.open = false;
  }, [fetcher.state, fetcher.data]);
  const typed = refused?.fields;
  const typedRating = Number(typed?.rating);
  const startRating = typed
    ? Number.isInteger(typedRating) && typedRating >= 1 && typedRating <= 10
      ? typedRating
      : null
    : myRating;
  const id = `izledim-bolum-${target.seriesId}-${target.season}-${target.episode}`;

  return (
    <details
      ref={detailsRef}
      data-log-sheet=""
      open={Boolean(typed) || undefined}
      className="open:basis-full"
    >
      <summary
        className={
          watched
            ? `${faceClass} border border-primary bg-primary/10 text-foreground hover:bg-primary/20`
            : primaryFace
        }
      >
        <Check className="size-4" aria-hidden />
        {watched ? "İzlendi" : "İzledim"}
      </summary>
      <div className="mt-3 max-w-xl space-y-4 rounded-xl border bg-background p-4 shadow-xl">
        {watched && (
          <p className="text-sm text-muted-foreground">
            {watchedOn
              ? `Bu bölümü ${formatLongDate(watchedOn)} tarihinde izlediniz.`
              : "Bu bölümü izlediniz (tarihsiz)."}
          </p>
        )}
        <fetcher.Form
          ref={formRef}
          method="post"
          action={location.pathname}
          noValidate
          aria-label="İzlediğiniz bölümü kaydedin"
          className="space-y-4"
        >
          <input type="hidden" name="seriesId" value={target.seriesId} />
          <input type="hidden" name="season" value={target.season} />
          <input type="hidden" name="episode" value={target.episode} />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          {hydrated && <input type="hidden" name="js" value="1" />}
          {refused && (
            <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
              {refused.message}
            </p>
          )}
          <LogFields
            key={refused?.at ?? `new-${myRating ?? ""}-${watched}`}
            id={id}
            today={today}
            watchedOn={typed?.watchedOn ?? today}
            rating={startRating}
            myRating={myRating}
            watched={watched}
            rewatch={typed ? typed.rewatch === "on" : true}
          />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Kaydet
          </Button>
        </fetcher.Form>
        {watched && (
          <MarkForm target={target} intent="unmark" variant="ghost">
            İşareti kaldır
          </MarkForm>
        )}
      </div>
    </details>
  );
}

function LogFields({
  id,
  today,
  watchedOn,
  rating: startRating,
  myRating,
  watched,
  rewatch,
}: {
  id: string;
  today: string;
  watchedOn: string;
  rating: number | null;
  myRating: number | null;
  watched: boolean;
  rewatch: boolean;
}) {
  const [rating, setRating] = useState(startRating);
  return (
    <>
      <label className="block max-w-xs space-y-1.5">
        <span className="text-sm font-medium">İzleme tarihi</span>
        <input
          type="date"
          name="watchedOn"
          required
          min="1900-01-01"
          max={today}
          defaultValue={watchedOn}
          className={inputClass}
        />
      </label>
      <RatingPicker
        legend={myRating ? `Puanım: ${myRating}/10` : "Puanım (isteğe bağlı)"}
        name="rating"
        value={rating}
        onPick={setRating}
        allowNone
      />
      {watched && (
        <div className="space-y-1">
          <label htmlFor={`${id}-tekrar`} className="flex items-center gap-2 text-sm font-medium">
            <input
              id={`${id}-tekrar`}
              type="checkbox"
              name="rewatch"
              defaultChecked={rewatch}
              aria-describedby={`${id}-tekrar-not`}
              className="size-5 accent-primary"
            />
            Tekrar izledim
          </label>
          <p id={`${id}-tekrar-not`} className="text-sm text-muted-foreground">
            Bir bölüm tek bir izleme tarihi tutar: işaretliyse yukarıdaki gün olur, değilse önceki
            tarih kalır.
          </p>
        </div>
      )}
    </>
  );
}
