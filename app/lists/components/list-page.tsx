import type { ReactNode } from "react";
import { useImageUrl } from "~/catalogue/components/image-base";
import { Poster } from "~/catalogue/components/poster";
import { formatCount, yearOf } from "~/core/format";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { Pencil } from "~/ui/icons";
import { Link } from "~/ui/link";
import { Pager } from "~/ui/pager";
import type { ListItemView } from "../lists.server";
import type { ListPageData } from "../list-pages.server";
import { VISIBILITY_LABELS } from "../schemas";
import { formatChangedOn } from "./list-dates";
import { ShareButton } from "~/ui/share-button";

/** The description's paragraphs (a blank line between them); single line breaks are kept. */
const paragraphsOf = (text: string) => text.split(/\n{2,}/).filter(Boolean);

function ItemCard({
  item,
  position,
  poster,
}: {
  item: ListItemView;
  position: number;
  poster: string | null;
}) {
  const name =
    item.title ?? (item.type === "movie" ? "Adı bilinmeyen film" : "Adı bilinmeyen dizi");
  // A hundred of these a page: one link each, and as few elements as the card needs. The
  // number is the list's (the <ol> says it to screen readers), so the badge is hidden from them.
  return (
    <li className="overflow-hidden rounded-lg bg-card shadow-sm ring-1 ring-border">
      <Link
        to={paths.title(item.type, { id: item.id, name: item.title ?? "", date: item.date })}
        className="group relative block"
      >
        <Poster src={poster} alt={name} priority={position === 1} />
        <span
          aria-hidden
          className="absolute top-2 left-2 min-w-7 rounded-md bg-black/80 px-1.5 py-0.5 text-center text-sm font-bold text-white"
        >
          {position}
        </span>
        <h2 className="px-2.5 pt-2 text-sm leading-snug font-semibold group-hover:text-primary">
          {name}
        </h2>
      </Link>
      <p className="px-2.5 pb-2.5 text-xs text-muted-foreground">
        {item.type === "movie" ? "Film" : "Dizi"} · {yearOf(item.date)}
        {item.note && (
          <span className="mt-1 block border-l-2 border-primary/60 pl-2 text-sm break-words whitespace-pre-line text-foreground">
            {item.note}
          </span>
        )}
      </p>
    </li>
  );
}

/** /liste/{id}-{slug}: a list as anyone allowed to read it sees it. */
export function ListPage({
  data: { list, page, totalPages, offset },
  social,
}: {
  data: ListPageData;
  /** Beğen and the comments of a public list (issue #38, app/social). */
  social?: ReactNode;
}) {
  const image = useImageUrl();
  const owner = list.owner.publicUsername ? (
    <Link to={paths.profile(list.owner.publicUsername)} className="text-primary hover:underline">
      {list.owner.name || list.owner.publicUsername}
    </Link>
  ) : (
    <span>{list.owner.name || "Bir Perde kullanıcısı"}</span>
  );
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <header className="max-w-3xl space-y-3">
        <p className="text-sm font-medium text-primary">Liste</p>
        <h1 className="text-3xl font-bold break-words sm:text-4xl">{list.name}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>Hazırlayan: {owner}</span>
          <span>{formatCount(list.itemCount)} yapım</span>
          <span>
            Son güncelleme:{" "}
            <time dateTime={list.updatedAt.toISOString()}>{formatChangedOn(list.updatedAt)}</time>
          </span>
          {list.visibility !== "public" && <span>{VISIBILITY_LABELS[list.visibility]}</span>}
        </p>
        {list.description &&
          paragraphsOf(list.description).map((paragraph, index) => (
            <p key={index} className="leading-relaxed break-words whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        <div className="flex flex-wrap items-start gap-2">
          {list.visibility !== "private" && (
            <ShareButton
              path={paths.list(list)}
              title={list.name}
              text={`${list.name}: Perde'de bir liste`}
            />
          )}
          {list.role && (
            <Button variant="outline" asChild>
              <Link to={paths.listEdit(list.id)}>
                <Pencil className="size-4" aria-hidden />
                Düzenle
              </Link>
            </Button>
          )}
        </div>
      </header>
      {list.items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          Bu liste henüz boş.
        </p>
      ) : (
        <ol
          aria-label="Listedeki yapımlar"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6"
        >
          {list.items.map((item, index) => (
            <ItemCard
              key={`${item.type}:${item.id}`}
              item={item}
              position={offset + index + 1}
              poster={image("w200", item.posterPath)}
            />
          ))}
        </ol>
      )}
      {totalPages > 1 && (
        <Pager page={page} totalPages={totalPages} hrefFor={(n) => paths.list(list, n)} />
      )}
      {social && (
        <section aria-labelledby="liste-yorumlari" className="max-w-3xl space-y-3">
          <h2 id="liste-yorumlari" className="text-xl font-bold">
            Beğeniler ve yorumlar
          </h2>
          {social}
        </section>
      )}
    </div>
  );
}
