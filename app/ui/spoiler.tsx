/**
 * Words that may give the story away (issue #38.5): folded in a `<details>` until "Göster" is
 * tapped, which works without JavaScript. Unmarked words are shown as they are.
 */
export function SpoilerText({
  text,
  spoiler,
  className,
}: {
  text: string;
  spoiler: boolean;
  className?: string;
}) {
  if (!spoiler) return <p className={className}>{text}</p>;
  return (
    <details className="group rounded-lg border border-dashed p-2" data-spoiler="">
      <summary className="cursor-pointer text-sm text-muted-foreground select-none">
        Sürpriz bozan içerir ·{" "}
        <span className="font-medium text-primary group-open:hidden">Göster</span>
        <span className="hidden font-medium text-primary group-open:inline">Gizle</span>
      </summary>
      <p className={className}>{text}</p>
    </details>
  );
}
