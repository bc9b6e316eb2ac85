import { paths } from "~/core/paths";
import { Heart } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { LikedThing } from "../target-social.server";

/** "Beğendikleri" on a public profile: the reviews and lists its owner liked lately. */
export function LikedList({ liked }: { liked: readonly LikedThing[] }) {
  if (liked.length === 0) return null;
  return (
    <section aria-labelledby="begendikleri" className="space-y-3">
      <h2 id="begendikleri" className="text-xl font-bold">
        Beğendikleri
      </h2>
      <ul className="divide-y rounded-xl border bg-card">
        {liked.map((thing) => (
          <li
            key={`${thing.kind}-${thing.id}`}
            className="flex flex-wrap items-baseline gap-x-2 p-3"
          >
            <Heart className="size-3.5 self-center text-primary" aria-hidden />
            {thing.kind === "review" ? (
              <>
                <Link
                  to={`${paths.title(thing.itemType, { id: thing.itemId, name: thing.title, date: thing.date })}#yorumlar`}
                  className="font-medium hover:text-primary"
                >
                  {thing.title}
                </Link>
                <span className="text-sm text-muted-foreground">yorum · {thing.reviewer}</span>
              </>
            ) : (
              <>
                <Link
                  to={paths.list({ id: thing.id, name: thing.name })}
                  className="font-medium hover:text-primary"
                >
                  {thing.name}
                </Link>
                <span className="text-sm text-muted-foreground">liste · {thing.owner}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
