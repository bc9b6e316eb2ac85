import { useEffect, useRef } from "react";
import { useActionData, useLocation } from "react-router";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { Button } from "~/ui/button";
import { Check } from "~/ui/icons";
import { Link } from "~/ui/link";
import { useHydrated } from "~/ui/use-hydrated";
import type { DiaryAnswer } from "../actions.server";
import { DiaryFields, typedValues } from "./diary-fields";

export interface TitleDiaryData {
  today: string;
  count: number;
  lastWatchedOn: string | null;
}

const LABEL = "İzledim";
const faceClass =
  "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground transition hover:bg-primary/90 [&::-webkit-details-marker]:hidden";

/**
 * "İzledim", the first control under a film's or series' title (decision 029): one sheet to log a
 * watch (day, by default today in Istanbul; Puanım, filled in with the rating already given;
 * review; rewatch; tags), saved with one more tap. The sheet is a <details> holding a normal form
 * posted to the page itself, so it opens and saves without JavaScript; with it, the form is a
 * fetcher and folds away once saved. The sheet's rating is Puanım itself: saving it sets the one
 * rating, and while the sheet is open the page's own Puanım control steps aside (app.css), so a
 * page never shows two rating controls. Anonymous visitors get a link to sign in. How often the
 * title was logged is `DiaryCount`, under Puanım.
 */
export function LogSheet({
  item,
  diary,
  myRating,
}: {
  item: { type: "movie" | "tv"; id: number };
  diary: TitleDiaryData | null;
  myRating: number | null;
}) {
  if (!diary) return <SignInToLog />;
  return <SignedInLogSheet item={item} diary={diary} myRating={myRating} />;
}

/** An anonymous visitor's İzledim: signing in comes back to this page (issue #33.8). */
function SignInToLog() {
  const location = useLocation();
  return (
    <Link to={paths.authReturningTo(location.pathname + location.search)} className={faceClass}>
      <Check className="size-4" aria-hidden />
      {LABEL}
    </Link>
  );
}

function SignedInLogSheet({
  item,
  diary,
  myRating,
}: {
  item: { type: "movie" | "tv"; id: number };
  diary: TitleDiaryData;
  myRating: number | null;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(`diary-${item.type}-${item.id}`);
  const refusedHere = useActionData<DiaryAnswer>();
  const answer = (fetcher.data as DiaryAnswer | undefined) ?? refusedHere;
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // Logged with JavaScript: the sheet empties and folds away, ready for the next watch.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    formRef.current?.reset();
    if (detailsRef.current) detailsRef.current.open = false;
  }, [fetcher.state, fetcher.data]);
  const refused = answer && !answer.ok ? answer : undefined;
  const values = typedValues(refused?.fields, {
    watchedOn: diary.today,
    rating: myRating,
    review: "",
    rewatch: diary.count > 0,
    spoiler: false,
    tags: "",
  });
  const idPrefix = `izledim-${item.type}-${item.id}`;

  return (
    <details
      ref={detailsRef}
      data-log-sheet=""
      open={Boolean(refused?.fields) || undefined}
      className="open:basis-full"
    >
      <summary className={faceClass}>
        <Check className="size-4" aria-hidden />
        {LABEL}
      </summary>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={location.pathname}
        noValidate
        aria-label="İzlediğinizi kaydedin"
        className="mt-3 max-w-xl space-y-4 rounded-xl border bg-background p-4 shadow-xl"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="itemType" value={item.type} />
        <input type="hidden" name="itemId" value={item.id} />
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        {refused && (
          <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
            {refused.message}
          </p>
        )}
        <DiaryFields
          // A rating given elsewhere on the page (with the sheet closed) starts the next watch.
          key={refused?.at ?? `new-${myRating ?? ""}`}
          values={values}
          today={diary.today}
          idPrefix={idPrefix}
          ratingLegend={myRating ? `Puanım: ${myRating}/10` : "Puanım (isteğe bağlı)"}
        />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Kaydet
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** How often the signed-in person logged the title, under Puanım: "Günlüğünüzde 2 kez · son: …". */
export function DiaryCount({ diary }: { diary: TitleDiaryData | null }) {
  if (!diary || diary.count === 0) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Günlüğünüzde {diary.count} kez
      {diary.lastWatchedOn && <> · son: {formatLongDate(diary.lastWatchedOn)}</>} ·{" "}
      <Link to={paths.diary} className="text-primary underline-offset-4 hover:underline">
        Günlüğüm
      </Link>
    </p>
  );
}
