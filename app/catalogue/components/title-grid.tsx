import type { TitleSummary } from "../types";
import { TitleCard } from "./title-card";

export const GRID_ERROR = "Veriler yüklenirken bir hata oluştu.";

/** A titled grid of cards; `null` items (the source failed) show the spec's error text. */
export function TitleGrid({
  heading,
  items,
  id,
}: {
  heading: string;
  items: TitleSummary[] | null;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-bold sm:text-2xl">
        {heading}
      </h2>
      {items === null ? (
        <p
          role="alert"
          className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
        >
          {GRID_ERROR}
        </p>
      ) : (
        <ul className="grid grid-cols-2 justify-items-center gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6">
          {items.map((item) => (
            <li key={`${item.mediaType}-${item.id}`} className="w-full max-w-[200px]">
              <TitleCard title={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
