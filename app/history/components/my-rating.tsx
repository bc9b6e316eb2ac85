import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { RatingPicker } from "~/ui/rating-picker";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";

export type RatingTargetFields =
  | { itemType: "movie" | "tv"; itemId: number }
  | { itemType: "episode"; itemId: number; season: number; episode: number };

/**
 * Puanım: the signed-in person's 1-10 rating of a film, series or episode, saved in one tap.
 * With JavaScript a tap posts at once and the page shows the new score before the answer
 * (optimistic); without, the scores are plain radio buttons with a "Puanı kaydet" button, and
 * the answer is a redirect back with a toast. Anonymous visitors are sent to sign in.
 */
export function MyRating({
  target,
  rating,
}: {
  target: RatingTargetFields;
  rating: number | null;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const key =
    target.itemType === "episode"
      ? `rating-episode-${target.itemId}-${target.season}-${target.episode}`
      : `rating-${target.itemType}-${target.itemId}`;
  const fetcher = useLibraryFetcher(key);
  // What the person just chose shows at once (the tap's own render), and wins until the
  // request is over and the page's data has caught up, or the server refused it.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const idle = fetcher.state === "idle";
  useEffect(() => {
    // The request's end comes from outside React (the server), which is what effects are for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (idle) setPicked(undefined);
  }, [idle]);
  const pending = fetcher.formData;
  const shown =
    picked !== undefined
      ? picked
      : pending
        ? pending.get("intent") === "remove"
          ? null
          : Number(pending.get("rating"))
        : rating;
  const fields: Record<string, string> = {
    itemType: target.itemType,
    itemId: String(target.itemId),
    returnTo: location.pathname + location.search,
    ...(target.itemType === "episode"
      ? { season: String(target.season), episode: String(target.episode) }
      : {}),
  };
  const send = (extra: Record<string, string>) => {
    if (!user) {
      toast.error("Lütfen giriş yapın");
      void navigate(paths.authReturningTo(location.pathname + location.search));
      return;
    }
    setPicked(extra.intent === "remove" ? null : Number(extra.rating));
    void fetcher.submit({ ...fields, ...extra, js: "1" }, { method: "post", action: paths.rate });
  };

  return (
    <fetcher.Form
      method="post"
      action={paths.rate}
      data-my-rating=""
      className="w-fit max-w-full space-y-2 rounded-xl border bg-background/60 px-3 py-3 sm:px-4"
      onSubmit={(event) => {
        // With JavaScript every tap already saved; Enter or the fallback button saves again.
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value === "remove") send({ intent: "remove" });
        else if (form.get("rating")) send({ intent: "rate", rating: String(form.get("rating")) });
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <RatingPicker
        legend={shown ? `Puanım: ${shown}/10` : "Puanım"}
        value={shown}
        onPick={(score) => score !== null && send({ intent: "rate", rating: String(score) })}
      />
      <div className="flex flex-wrap items-center gap-2">
        {!hydrated && (
          <Button type="submit" name="intent" value="rate" size="md" variant="secondary">
            Puanı kaydet
          </Button>
        )}
        {shown !== null && (
          <Button type="submit" name="intent" value="remove" variant="ghost" className="h-8 px-2">
            Puanı kaldır
          </Button>
        )}
        {!user && (
          <span className="text-xs text-muted-foreground">Puan vermek için giriş yapın.</span>
        )}
      </div>
    </fetcher.Form>
  );
}
