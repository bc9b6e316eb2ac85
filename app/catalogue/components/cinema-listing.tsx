import { Breadcrumb } from "~/ui/breadcrumb";
import { ChipLink } from "~/ui/chip-link";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import type { TitleCard } from "../cards";
import type { CinemaPage } from "../cinema.server";
import { CardGrid, GridError } from "./title-grid";

const EMPTY_TEXT = "rounded-lg border border-dashed p-6 text-center text-muted-foreground";

/** One of the page's grids: its cards, the grid's error text, or what to say when it is empty. */
function CinemaSection({
  id,
  heading,
  items,
  empty,
  first,
}: {
  id: string;
  heading: string;
  items: TitleCard[] | null;
  empty: string;
  first?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-bold sm:text-2xl">
        {heading}
      </h2>
      {items === null ? (
        <GridError />
      ) : items.length === 0 ? (
        <p className={EMPTY_TEXT}>{empty}</p>
      ) : (
        <CardGrid items={items} first={first} />
      )}
    </section>
  );
}

/**
 * Vizyonda: this release week's openings, the rest of what is showing and what is coming, each
 * card with its Turkish opening day; "Aile dostu" narrows all three to family films.
 */
export function CinemaListing({ data }: { data: CinemaPage }) {
  const family = data.familyOnly ? " aile dostu" : "";
  const nothingShowing = data.thisWeek?.length === 0 && data.showing?.length === 0;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <div className="space-y-4">
        <Breadcrumb items={[{ label: "Ana Sayfa", to: paths.home }, { label: "Vizyonda" }]} />
        <h1 className="text-3xl font-bold">Vizyonda</h1>
        <div className="space-y-1">
          <p className="text-muted-foreground">
            Türkiye sinemalarında bu hafta vizyona girenler, gösterimdekiler ve yakında gelecekler.
          </p>
          <p className="text-sm text-muted-foreground">
            Bu vizyon haftası:{" "}
            <time dateTime={data.week.start}>{formatLongDate(data.week.start)}</time> Cuma –{" "}
            <time dateTime={data.week.end}>{formatLongDate(data.week.end)}</time> Perşembe
          </p>
        </div>
        <nav aria-label="Vizyon filtresi" className="flex flex-wrap gap-2">
          <ChipLink to={paths.cinema} active={!data.familyOnly}>
            Tüm filmler
          </ChipLink>
          <ChipLink to={paths.cinemaFamilyFriendly} active={data.familyOnly}>
            Aile dostu
          </ChipLink>
        </nav>
        {data.familyOnly && (
          <p className="text-sm text-muted-foreground">
            Yalnızca Türkiye&apos;de &ldquo;Genel İzleyici Kitlesi&rdquo; ya da 6 veya 7 yaş sınırı
            almış filmler.
          </p>
        )}
      </div>

      {nothingShowing ? (
        <p role="status" className={EMPTY_TEXT}>
          Şu anda vizyonda{family} film yok.
        </p>
      ) : (
        <>
          <CinemaSection
            id="bu-hafta"
            heading="Bu Hafta Vizyonda"
            items={data.thisWeek}
            empty={`Bu hafta vizyona giren${family} film yok.`}
            first
          />
          <CinemaSection
            id="vizyondakiler"
            heading="Vizyondakiler"
            items={data.showing}
            empty={`Gösterimde başka${family} film yok.`}
          />
        </>
      )}
      <CinemaSection
        id="yakinda"
        heading="Yakında"
        items={data.upcoming}
        empty={`Önümüzdeki haftalarda vizyona girecek${family} film henüz açıklanmadı.`}
      />
    </div>
  );
}
