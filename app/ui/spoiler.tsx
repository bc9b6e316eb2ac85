/**
 * Words that may give the story away (issue #38.5): folded in a `<details>` until "Göster" is
 * tapped, which works without JavaScript. Unmarked words are shown as they are, unless the
 * reader asked to fold reviews of what they have not watched yet (`unwatched`).
 */
export function SpoilerText({
  text,
  spoiler,
  unwatched = false,
  className,
}: {
  text: string;
  spoiler: boolean;
  /** The reader folds reviews of titles they have not watched, and has not watched this one. */
  unwatched?: boolean;
  className?: string;
}) {
  if (!spoiler && !unwatched) return <p className={className}>{text}</p>;
  return (
    <details
      className="group rounded-lg border border-dashed p-2"
      data-spoiler=""
      data-unwatched={!spoiler ? "" : undefined}
    >
      <summary className="cursor-pointer text-sm text-muted-foreground select-none">
        {spoiler ? "Sürpriz bozan içerir" : "Henüz izlemediniz"} ·{" "}
        <span className="font-medium text-primary group-open:hidden">Göster</span>
        <span className="hidden font-medium text-primary group-open:inline">Gizle</span>
      </summary>
      <p className={className}>{text}</p>
    </details>
  );
}

/**
 * "Sürpriz bozan içerir" on a form (a review, a comment, a diary entry): ticked, it posts
 * `spoiler=on`, which each of those forms' actions reads as true; unticked, nothing.
 */
export function SpoilerCheckbox({ defaultChecked = false }: { defaultChecked?: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        name="spoiler"
        defaultChecked={defaultChecked}
        className="size-5 accent-primary"
      />
      Sürpriz bozan içerir
    </label>
  );
}
