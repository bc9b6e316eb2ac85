import { Star } from "~/ui/icons";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { SpoilerCheckbox } from "~/ui/spoiler";
import { useHydrated } from "~/ui/use-hydrated";
import { useLibraryFetcher } from "./use-library-fetcher";
import { paths } from "~/core/paths";

/** Ten clickable stars; clicking the chosen star again clears the rating (0 = none). */
function StarPicker({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">Puanınız</legend>
      <div className="flex flex-wrap items-center gap-0.5" onMouseLeave={() => setHover(0)}>
        {Array.from({ length: 10 }, (_, index) => index + 1).map((star) => (
          <label key={star} className="cursor-pointer p-0.5" onMouseEnter={() => setHover(star)}>
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              onClick={() => value === star && onChange(0)}
              className="peer sr-only"
              aria-label={`${star} puan`}
            />
            <Star
              aria-hidden
              className={cn(
                "size-6 text-muted-foreground transition peer-focus-visible:outline-2 peer-focus-visible:outline-ring",
                star <= shown && "fill-yellow-400 text-yellow-400",
              )}
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-muted-foreground">
          {value ? `${value}/10` : "Puan yok"}
        </span>
      </div>
    </fieldset>
  );
}

const loadReviewSchema = () => import("../schemas").then((module) => module.reviewSchema);

/**
 * 'Yorum Yap' (new) or 'Güncelle' / 'İptal' (editing). Validated in the browser with the server's
 * schema; the first message is a toast. Anonymous visitors are asked to sign in.
 */
export function ReviewForm({
  item,
  editing,
  onDone,
  initialRating = null,
}: {
  item: { type: "movie" | "tv" | "person"; id: number };
  editing?: { id: number; comment: string; rating: number | null; spoiler?: boolean };
  onDone?: () => void;
  /** The person's rating of the item given without words (Puanım), kept by a new review. */
  initialRating?: number | null;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useLibraryFetcher(
    editing ? `review-edit-${editing.id}` : `review-new-${item.type}-${item.id}`,
  );
  const [rating, setRating] = useState(editing?.rating ?? initialRating ?? 0);
  // Puanım changed elsewhere on the page (one tap): a new review follows it, and keeps its words.
  const [followed, setFollowed] = useState(initialRating);
  if (followed !== initialRating) {
    setFollowed(initialRating);
    if (!editing || item.type !== "person") setRating(initialRating ?? 0);
  }
  const [comment, setComment] = useState(editing?.comment ?? "");
  const busy = fetcher.state !== "idle";
  const [sent, setSent] = useState(false);
  const answer = fetcher.data;
  // Once the server has answered what this form sent: close the editor, or clear a new review.
  useEffect(() => {
    if (!sent || fetcher.state !== "idle" || !answer) return;
    // The answer comes from outside React (the server), which is what effects are for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSent(false);
    if (!answer.ok) return;
    if (editing) onDone?.();
    else {
      setComment("");
      if (item.type === "person") setRating(0);
    }
  }, [sent, fetcher.state, answer, editing, onDone, item.type]);

  return (
    <fetcher.Form
      method="post"
      action="/yorum"
      noValidate
      className="space-y-4 rounded-xl border bg-card p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!user) {
          toast.error("Lütfen giriş yapın");
          navigate(paths.authReturningTo(location.pathname + location.search));
          return;
        }
        // The schema (and zod) load only when someone writes a review, not with the page.
        const form = new FormData(event.currentTarget);
        void loadReviewSchema().then((reviewSchema) => {
          const parsed = reviewSchema.safeParse({ comment, rating });
          if (!parsed.success) {
            toast.error(parsed.error.issues[0]!.message);
            return;
          }
          setSent(true);
          void fetcher.submit(form, { method: "post", action: "/yorum" });
        });
      }}
      onFocus={() => void loadReviewSchema()}
    >
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing && <input type="hidden" name="reviewId" value={editing.id} />}
      <input type="hidden" name="itemType" value={item.type} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      {item.type === "person" ? (
        <StarPicker value={rating} onChange={setRating} />
      ) : (
        // A film's or series' rating is Puanım (decision 029), set at the top of the page or in
        // the İzledim sheet: the review shows it and keeps it, with no second control.
        <p className="text-sm">
          <input type="hidden" name="rating" value={rating || ""} />
          {rating ? (
            <span className="inline-flex items-center gap-1 font-medium">
              <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
              Puanım: {rating}/10
            </span>
          ) : (
            <span className="text-muted-foreground">
              Puanınızı sayfanın başındaki “Puanım”dan verebilirsiniz.
            </span>
          )}
        </p>
      )}
      <label className="block space-y-1.5">
        <span className="text-sm font-medium">Yorumunuz</span>
        <textarea
          name="comment"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          required
          minLength={10}
          maxLength={1000}
          rows={4}
          className="block w-full rounded-lg border bg-background p-3 text-base outline-none focus:border-primary sm:text-sm"
          placeholder="Düşüncelerinizi paylaşın (en az 10 karakter)"
        />
        <span className="block text-right text-xs text-muted-foreground">
          {comment.trim().length}/1000
        </span>
      </label>
      <SpoilerCheckbox defaultChecked={editing?.spoiler} />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {editing ? "Güncelle" : "Yorum Yap"}
        </Button>
        {editing && (
          <Button type="button" variant="ghost" onClick={onDone}>
            İptal
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}
