import { cn } from "~/ui/cn";
import { SCROLL_ROW } from "~/ui/scroll-row";
import type { TitleCard as Card } from "../cards";
import { Section } from "./detail-hero";
import { TitleCard } from "./title-card";

/** "Benzer Filmler" / "Benzer Diziler": up to 12 related titles as the usual cards, in a row. */
export function Recommendations({
  items,
  heading,
}: {
  items: Card[];
  heading: "Benzer Filmler" | "Benzer Diziler";
}) {
  if (items.length === 0) return null;
  return (
    <Section id="benzer" title={heading}>
      <ul aria-label={heading} className={cn(SCROLL_ROW, "sm:gap-4")}>
        {items.map((item) => (
          <li key={`${item.mediaType}-${item.id}`} className="w-36 shrink-0 snap-start sm:w-44">
            <TitleCard title={item} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
