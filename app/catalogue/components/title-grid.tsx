import { Skeleton } from "~/ui/skeleton";
import type { TitleCard as TitleCardData } from "../cards";
import { TitleCard } from "./title-card";

const GRID_ERROR = "Veriler yüklenirken bir hata oluştu.";

const gridClass =
  "grid grid-cols-2 justify-items-center gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6";

/** How many cards fill a phone's first screen: their posters load first (LCP). */
const FIRST_SCREEN_CARDS = 2;

/** Cards in a responsive grid; `first`: the grid is at the top of the page. */
export function CardGrid({ items, first = false }: { items: TitleCardData[]; first?: boolean }) {
  return (
    <ul className={gridClass}>
      {items.map((item, index) => (
        <li key={`${item.mediaType}-${item.id}`} className="w-full max-w-[200px]">
          <TitleCard title={item} priority={first && index < FIRST_SCREEN_CARDS} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a page of results loads. */
export function CardGridSkeleton({ count }: { count: number }) {
  return (
    <ul className={gridClass} aria-busy="true" aria-label="Yükleniyor">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="w-full max-w-[200px] space-y-2" data-testid="skeleton">
          <Skeleton className="aspect-[2/3] w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

export function GridError() {
  return (
    <p
      role="alert"
      className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
    >
      {GRID_ERROR}
    </p>
  );
}

const LATER = "[content-visibility:auto] [contain-intrinsic-size:auto_1600px]";

/** A titled grid of cards; `null` items (the source failed) show the spec's error text. */
export function TitleGrid({
  heading,
  items,
  id,
  first,
}: {
  heading: string;
  items: TitleCardData[] | null;
  id?: string;
  first?: boolean;
}) {
  return (
    // A grid further down is laid out and painted only when it nears the screen, so that the
    // first screen (and its largest image) paints sooner.
    <section aria-labelledby={id} className={first ? "space-y-4" : `space-y-4 ${LATER}`}>
      <h2 id={id} className="text-xl font-bold sm:text-2xl">
        {heading}
      </h2>
      {items === null ? <GridError /> : <CardGrid items={items} first={first} />}
    </section>
  );
}
