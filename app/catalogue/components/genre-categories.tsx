import { Link } from "~/ui/link";
import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Skeleton } from "~/ui/skeleton";
import { useNavigatingTo } from "~/ui/use-navigating";
import type { GenreLink } from "../browse.server";
import { MEDIA_WORDS } from "../labels";
import type { MediaType } from "../types";
import { GridError } from "./title-grid";

const TITLES: Record<MediaType, string> = { movie: "Film Kategorileri", tv: "Dizi Kategorileri" };

/** /filmler and /diziler: every genre as a tile linking to its page. */
export function GenreCategories({
  mediaType,
  genres,
}: {
  mediaType: MediaType;
  genres: GenreLink[] | null;
}) {
  const words = MEDIA_WORDS[mediaType];
  const loading = useNavigatingTo(paths.section(mediaType));
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Breadcrumb items={[{ label: "Ana Sayfa", to: "/" }, { label: words.section }]} />
      <h1 className="text-3xl font-bold">{TITLES[mediaType]}</h1>
      {loading ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy="true">
          {Array.from({ length: 15 }, (_, index) => (
            <li key={index} data-testid="skeleton">
              <Skeleton className="h-24" />
            </li>
          ))}
        </ul>
      ) : genres === null ? (
        <GridError />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {genres.map((genre, index) => (
            <li key={genre.id}>
              <Link
                to={paths.genre(mediaType, genre)}
                className="flex h-24 items-end rounded-xl p-4 text-lg font-semibold text-white shadow-sm ring-1 ring-black/10 transition hover:-translate-y-0.5 hover:shadow-lg"
                style={{
                  background: `linear-gradient(135deg, hsl(${(index * 47) % 360} 55% 42%), hsl(${(index * 47 + 40) % 360} 60% 22%))`,
                }}
              >
                {genre.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
