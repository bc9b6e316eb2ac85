import { useEffect, useRef } from "react";
import { ageRatingExplanation, type AgeRating } from "../age-ratings";

/** The pill's text: the long general-audience name is shortened, the rest read as written. */
const shortLabel = (rating: AgeRating) =>
  rating === "Genel İzleyici Kitlesi" ? "Genel İzleyici" : rating;

/**
 * "Yaş sınırı" beside the runtime: a bordered pill ("13+") whose explanation ("13 yaş ve üzeri
 * için uygundur") screen readers hear with it, a mouse sees on hover (title) and a tap or a key
 * opens below it. A native <details>, so the tap works before (and without) JavaScript; with it,
 * a tap elsewhere or Escape closes it again. Pages show it only for a Turkish rating.
 */
export function AgeRatingBadge({ rating }: { rating: AgeRating }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const tip = useRef<HTMLParagraphElement>(null);
  // Opened near the right edge of a phone, the explanation slides left to stay on the screen.
  const keepOnScreen = () => {
    const box = tip.current;
    if (!box || !ref.current?.open) return;
    box.style.translate = "";
    const overflow = box.getBoundingClientRect().right - (document.documentElement.clientWidth - 8);
    if (overflow > 0) box.style.translate = `-${Math.ceil(overflow)}px 0`;
  };
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (details.open && event.key === "Escape") details.open = false;
    };
    document.addEventListener("pointerdown", closeOnOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);
  const explanation = ageRatingExplanation(rating);
  return (
    <details ref={ref} className="relative" onToggle={keepOnScreen}>
      <summary
        title={explanation}
        className="cursor-help list-none rounded-md border border-foreground/60 px-1.5 py-0.5 text-xs leading-none font-semibold text-foreground [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden>{shortLabel(rating)}</span>
        <span className="sr-only">{`Yaş sınırı ${rating}: ${explanation}`}</span>
      </summary>
      {/* Already read out with the pill: hidden from screen readers to say it once. */}
      <p
        ref={tip}
        aria-hidden
        className="absolute top-full left-0 z-20 mt-2 w-max max-w-[min(16rem,calc(100vw-1rem))] rounded-md border bg-card px-3 py-2 text-xs text-card-foreground shadow-lg"
      >
        {explanation}
      </p>
    </details>
  );
}
