import { SCROLL_ROW } from "~/ui/scroll-row";
import { Loader2, Star, X } from "~/ui/icons";
import { useEffect, type ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { Link } from "~/ui/link";
import { toast } from "~/ui/toast";
import { avatarLetter } from "~/accounts/components/use-current-user";
import { useImageUrl } from "~/catalogue/components/image-base";
import { Poster } from "~/catalogue/components/poster";
import { CardGrid, GridError } from "~/catalogue/components/title-grid";
import { TitleCard } from "~/catalogue/components/title-card";
import { formatRating } from "~/core/format";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";
import { useNavigatingTo } from "~/ui/use-navigating";
import type { Dashboard, DashboardTile } from "../dashboard.server";
import type { Recommendation } from "../recommendations.server";
import { STATUS_LABELS } from "../statuses";
import { useLibraryFetcher } from "./use-library-fetcher";
import { paths } from "~/core/paths";

const FAILED = "Veriler yüklenirken hata oluştu";

/** The person's own picks, each with why it was chosen ("Kış Uykusu'nu beğendiğiniz için"). */
function PickGrid({ picks }: { picks: Recommendation[] }) {
  return (
    <ul
      className="grid grid-cols-2 justify-items-center gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6"
      data-testid="recommendations"
    >
      {picks.map((pick) => (
        <li
          key={`${pick.card.mediaType}-${pick.card.id}`}
          className="w-full max-w-[200px] space-y-1"
        >
          <TitleCard title={pick.card} />
          <p className="text-xs text-muted-foreground">{pick.reason}</p>
        </li>
      ))}
    </ul>
  );
}

function RemoveButton({ tile }: { tile: DashboardTile }) {
  const fetcher = useLibraryFetcher(`dashboard-remove-${tile.rowId}`);
  const hydrated = useHydrated();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/liste" className="absolute top-1.5 right-1.5">
      <input type="hidden" name="intent" value="remove-row" />
      <input type="hidden" name="rowId" value={tile.rowId} />
      <input type="hidden" name="returnTo" value={location.pathname} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-label="Listeden kaldır"
        disabled={fetcher.state !== "idle"}
        className="rounded-full bg-black/70 p-1.5 text-white hover:bg-danger"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </fetcher.Form>
  );
}

/** A poster tile of the dashboard and the list page: title, badges, and a remove button. */
export function Tile({
  tile,
  removable,
  className = "w-36 shrink-0 snap-start sm:w-40",
}: {
  tile: DashboardTile;
  removable?: boolean;
  className?: string;
}) {
  const image = useImageUrl();
  const label =
    tile.title ??
    `${tile.itemType === "tv" ? "Dizi" : tile.itemType === "person" ? "Kişi" : "Film"} #${tile.itemId}`;
  return (
    <li className={cn("relative", className)}>
      <Link to={tile.href} className="group block space-y-2">
        <div className="relative overflow-hidden rounded-lg">
          <Poster src={image("w200", tile.imagePath)} alt={label} />
          {tile.voteAverage !== null && tile.rating === undefined && (
            <span className="absolute bottom-1.5 left-1.5 inline-flex items-center gap-1 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white">
              <Star className="size-3 fill-yellow-400 text-yellow-400" aria-hidden />
              {formatRating(tile.voteAverage)}
            </span>
          )}
        </div>
        <span className="line-clamp-2 text-sm font-semibold group-hover:text-primary">{label}</span>
        {tile.status && (
          <span className="inline-block rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
            {STATUS_LABELS[tile.status]}
            {tile.year && <span className="text-muted-foreground"> · {tile.year}</span>}
          </span>
        )}
        {tile.rating !== undefined && tile.rating !== null && (
          <span className="block text-xs text-muted-foreground">
            Senin Puanın: {tile.rating}/10
          </span>
        )}
        {tile.siteAverage != null && (
          <span className="block text-xs text-muted-foreground">
            Perde puanı: {formatRating(tile.siteAverage)}/10
          </span>
        )}
      </Link>
      {removable && <RemoveButton tile={tile} />}
    </li>
  );
}

function Scroller({
  tiles,
  removable,
  label,
}: {
  tiles: DashboardTile[];
  removable?: boolean;
  label: string;
}) {
  return (
    <ul aria-label={label} className={SCROLL_ROW}>
      {tiles.map((tile) => (
        <Tile key={tile.key} tile={tile} removable={removable} />
      ))}
    </ul>
  );
}

/** /dashboard: greeting, watchlist, latest ratings and recommendations. */
export function DashboardPage({
  data,
  email,
  name,
  continueWatching,
  summaryYear,
}: {
  data: Dashboard;
  email: string;
  name: string;
  /** The route's "İzlemeye Devam Et" section (series tracking), first on the page. */
  continueWatching?: ReactNode;
  /** The year the "Yıllık özet" link opens. */
  summaryYear?: number;
}) {
  const loading = useNavigatingTo(paths.dashboard);
  useEffect(() => {
    if (data.failed) toast.error(FAILED, { id: "dashboard-failed" });
  }, [data.failed]);

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-8">
      <header className="flex items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-black text-primary-foreground">
          {avatarLetter(email)}
        </span>
        {/* Shrinks (a long address breaks) so that Çıkış Yap stays on a phone's screen. */}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">
            Hoş geldiniz, {name || email}!
          </h1>
          <p className="text-sm break-all text-muted-foreground">{email}</p>
          {summaryYear !== undefined && (
            <Link
              to={paths.yearSummary(summaryYear)}
              className="text-sm font-medium whitespace-nowrap text-primary hover:underline"
            >
              {summaryYear} özetim
            </Link>
          )}
        </div>
        <div className="ml-auto flex items-center gap-3">
          {loading && (
            <Loader2
              className="size-6 text-muted-foreground motion-safe:animate-spin"
              aria-label="Yükleniyor"
            />
          )}
          {/* A plain form, so signing out works without JavaScript too. */}
          <Form method="post" action={paths.signOut}>
            <Button type="submit" variant="outline">
              Çıkış Yap
            </Button>
          </Form>
        </div>
      </header>

      {data.failed ? (
        <p
          role="alert"
          className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
        >
          {FAILED}
        </p>
      ) : (
        <>
          {continueWatching}
          <section aria-labelledby="izleme-listem" className="space-y-4">
            {/* Wraps on a narrow phone instead of pushing its links past the edge. */}
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
              <h2 id="izleme-listem" className="text-2xl font-bold">
                İzleme Listem
              </h2>
              <div className="flex items-center gap-4">
                <Link
                  to={paths.calendar}
                  className="text-sm font-medium text-primary hover:underline"
                >
                  Takvim
                </Link>
                {data.watchlist.length > 0 && (
                  <Link
                    to={paths.watchlist}
                    className="text-sm font-medium text-primary hover:underline"
                  >
                    Tümünü Gör
                  </Link>
                )}
              </div>
            </div>
            {data.watchlist.length === 0 ? (
              <div className="space-y-3 rounded-lg border border-dashed p-8 text-center">
                <p className="text-muted-foreground">İzleme listeniz henüz boş.</p>
                <Button asChild>
                  <Link to="/">Keşfet</Link>
                </Button>
              </div>
            ) : (
              <Scroller tiles={data.watchlist} removable label="İzleme Listem" />
            )}
          </section>

          <section
            aria-labelledby="gunlugum"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4"
          >
            <div>
              <h2 id="gunlugum" className="text-xl font-bold">
                Günlüğüm
              </h2>
              <p className="text-sm text-muted-foreground">
                İzlediğiniz her film ve dizi, tarihi, puanı ve notlarıyla.
              </p>
            </div>
            <Button variant="outline" asChild>
              <Link to={paths.diary}>Günlüğe git</Link>
            </Button>
          </section>

          <section
            aria-labelledby="listelerim"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4"
          >
            <div>
              <h2 id="listelerim" className="text-xl font-bold">
                Listelerim
              </h2>
              <p className="text-sm text-muted-foreground">
                Kendi sıraladığınız film ve dizi listeleri; gizli tutun ya da paylaşın.
              </p>
            </div>
            <Button variant="outline" asChild>
              <Link to={paths.lists}>Listelerime git</Link>
            </Button>
          </section>

          {data.ratings.length > 0 && (
            <section aria-labelledby="son-puanlarim" className="space-y-4">
              <h2 id="son-puanlarim" className="text-2xl font-bold">
                Son Puanlarım
              </h2>
              <Scroller tiles={data.ratings} label="Son Puanlarım" />
            </section>
          )}

          <section aria-labelledby="oneriler" className="space-y-4">
            <div>
              <h2 id="oneriler" className="text-2xl font-bold">
                Öneriler
              </h2>
              <p className="text-sm text-muted-foreground">
                {data.picks.length > 0
                  ? "Son puanlarınıza göre seçtiklerimiz"
                  : "Popüler içerikler"}
              </p>
            </div>
            {data.picks.length > 0 ? (
              <PickGrid picks={data.picks} />
            ) : data.recommendations === null ? (
              <GridError />
            ) : (
              <CardGrid items={data.recommendations} />
            )}
          </section>
        </>
      )}
    </div>
  );
}
