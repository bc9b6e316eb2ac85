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
      <ul
        aria-label={heading}
        className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:gap-4 sm:px-0"
      >
        {items.map((item) => (
          <li key={`${item.mediaType}-${item.id}`} className="w-36 shrink-0 snap-start sm:w-44">
            <TitleCard title={item} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
