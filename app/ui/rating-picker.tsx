import { cn } from "./cn";

const SCORES = Array.from({ length: 10 }, (_, index) => index + 1);

/**
 * A 1-10 rating as a group of radio buttons, one 36px-high target per score, the ten always on
 * one line: they share the width (36px each where there is room, about 28px on a 360px screen). Each is named "Puan: 7/10" for screen readers; the scores up to the chosen one are
 * filled. Arrow keys move between scores as in any radio group. Controlled (`onPick`: the
 * choice is acted on at once) or plain (the form sends the checked score). `allowNone` adds
 * "Puan yok" (sent as an empty value) for forms where a rating is optional.
 */
export function RatingPicker({
  legend,
  value,
  onPick,
  name = "rating",
  allowNone = false,
  disabled = false,
  className,
}: {
  legend: string;
  value: number | null;
  onPick?: (value: number | null) => void;
  name?: string;
  allowNone?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const choice = (score: number | null) =>
    onPick
      ? {
          checked: value === score,
          onChange: () => onPick(score),
        }
      : { defaultChecked: value === score };
  return (
    <fieldset className={cn("min-w-0 space-y-2", className)} disabled={disabled}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap items-center gap-1.5">
        {allowNone && (
          <label className="cursor-pointer">
            <input type="radio" name={name} value="" className="peer sr-only" {...choice(null)} />
            <span className="flex h-9 items-center rounded-lg border px-3 text-sm text-muted-foreground transition peer-checked:border-primary peer-checked:text-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-ring hover:bg-muted">
              Puan yok
            </span>
          </label>
        )}
        <div className="grid max-w-full grid-cols-[repeat(10,minmax(0,2.25rem))] gap-0.5 sm:gap-1.5">
          {SCORES.map((score) => (
            <label key={score} className="min-w-0 cursor-pointer">
              <input
                type="radio"
                name={name}
                value={score}
                aria-label={`Puan: ${score}/10`}
                className="peer sr-only"
                {...choice(score)}
              />
              <span
                aria-hidden
                className={cn(
                  // The checked score is marked by CSS too, so the choice shows without JavaScript.
                  "flex h-9 w-full items-center justify-center rounded-lg border text-sm font-semibold tabular-nums transition peer-checked:ring-2 peer-checked:ring-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:border-yellow-400",
                  value !== null && score <= value
                    ? "border-yellow-400 bg-yellow-400 text-black"
                    : "bg-background/60 text-foreground",
                )}
              >
                {score}
              </span>
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
