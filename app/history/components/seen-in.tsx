import { paths } from "~/core/paths";
import { formatCount } from "~/core/format";
import { Eye } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { SeenTitle } from "../seen-people.server";

/**
 * "Nereden tanıyorum?" on a person page, for the signed-in visitor: the watched titles the person
 * is in, with links ("Bu oyuncuyu izlediğiniz 3 yapımda gördünüz"). Nothing when there are none.
 */
export function SeenIn({ seen, acting }: { seen: SeenTitle[] | null; acting: boolean }) {
  if (!seen || seen.length === 0) return null;
  return (
    <section
      aria-labelledby="nereden-taniyorum"
      className="space-y-2 rounded-2xl border bg-card p-4"
      data-testid="seen-in"
    >
      <h2 id="nereden-taniyorum" className="flex items-center gap-2 text-lg font-semibold">
        <Eye className="size-5 text-primary" aria-hidden="true" />
        Nereden tanıyorum?
      </h2>
      <p>
        {acting ? "Bu oyuncuyu" : "Bu kişiyi"} izlediğiniz {formatCount(seen.length)} yapımda
        gördünüz:
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {seen.map((title) => (
          <li key={`${title.type}-${title.id}`}>
            <Link
              to={paths.title(title.type, { id: title.id, name: title.title, date: title.date })}
              className="text-primary hover:underline"
            >
              {title.title}
              {title.date && ` (${title.date.slice(0, 4)})`}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
