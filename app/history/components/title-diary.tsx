import { useEffect, useRef } from "react";
import { useActionData, useLocation } from "react-router";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { Button } from "~/ui/button";
import { NotebookPen } from "~/ui/icons";
import { Link } from "~/ui/link";
import { useHydrated } from "~/ui/use-hydrated";
import type { DiaryAnswer } from "../actions.server";
import { DiaryFields, typedValues } from "./diary-fields";

export interface TitleDiaryData {
  today: string;
  count: number;
  lastWatchedOn: string | null;
}

/**
 * "Günlüğe ekle" on a film's or series' page, for the signed-in visitor: a <details> holding the
 * diary form (it opens without JavaScript), the offer "Günlüğe ekleyeyim mi?" once the title is
 * marked İzledim and not logged yet, and how often it was logged. Both forms post to the page
 * itself: a refusal comes back on it with what was typed.
 */
export function TitleDiary({
  item,
  diary,
  watched,
}: {
  item: { type: "movie" | "tv"; id: number };
  diary: TitleDiaryData | null;
  watched: boolean;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(`diary-${item.type}-${item.id}`);
  const offer = useLibraryFetcher(`diary-offer-${item.type}-${item.id}`);
  const refusedHere = useActionData<DiaryAnswer>();
  const answer = (fetcher.data as DiaryAnswer | undefined) ?? refusedHere;
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // A watch logged with JavaScript: the form empties and folds away, ready for the next one.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    formRef.current?.reset();
    if (detailsRef.current) detailsRef.current.open = false;
  }, [fetcher.state, fetcher.data]);
  if (!diary) return null;
  const action = location.pathname;
  const hidden = (
    <>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="itemType" value={item.type} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="js" value="1" />}
    </>
  );
  const refused = answer && !answer.ok ? answer : undefined;
  const values = typedValues(refused?.fields, {
    watchedOn: diary.today,
    rating: null,
    review: "",
    rewatch: diary.count > 0,
    tags: "",
  });
  const offering = watched && diary.count === 0 && !offer.data?.ok;

  return (
    <section aria-labelledby="gunluk" className="space-y-3">
      <h2 id="gunluk" className="flex items-center gap-2 text-2xl font-bold">
        <NotebookPen className="size-6 text-primary" aria-hidden />
        Günlük
      </h2>
      {offering && (
        <section aria-label="Günlüğe ekleme önerisi" className="rounded-lg bg-primary/10 px-4 py-3">
          <offer.Form method="post" action={action} className="flex flex-wrap items-end gap-3">
            {hidden}
            <p role="status" className="w-full font-medium text-primary sm:w-auto sm:flex-1">
              İzlediniz! Günlüğe ekleyelim mi?
            </p>
            <label className="space-y-1 text-sm">
              <span className="block">Tarih</span>
              <input
                type="date"
                name="watchedOn"
                required
                max={diary.today}
                defaultValue={diary.today}
                className="rounded-lg border bg-background px-3 py-1.5 text-base sm:text-sm"
              />
            </label>
            <Button type="submit" disabled={offer.state !== "idle"}>
              Evet, günlüğe ekle
            </Button>
          </offer.Form>
        </section>
      )}
      {diary.count > 0 && (
        <p className="text-sm text-muted-foreground">
          Günlüğünde {diary.count} kez
          {diary.lastWatchedOn && <> · son: {formatLongDate(diary.lastWatchedOn)}</>} ·{" "}
          <Link to={paths.diary} className="text-primary underline-offset-4 hover:underline">
            Günlüğüm
          </Link>
        </p>
      )}
      <details
        ref={detailsRef}
        open={Boolean(refused?.fields) || undefined}
        className="rounded-xl border bg-card"
      >
        <summary className="cursor-pointer px-4 py-3 font-medium select-none">Günlüğe ekle</summary>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={action}
          noValidate
          className="space-y-4 border-t p-4"
        >
          {hidden}
          {refused && (
            <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
              {refused.message}
            </p>
          )}
          <DiaryFields
            key={refused?.at ?? "new"}
            values={values}
            today={diary.today}
            idPrefix={`diary-${item.type}-${item.id}`}
          />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Günlüğe ekle
          </Button>
        </fetcher.Form>
      </details>
    </section>
  );
}
