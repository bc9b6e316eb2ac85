import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { ChipLink } from "~/ui/chip-link";
import { ownEpisodeName } from "~/catalogue/display";
import { CalendarDays, Check, Copy, ExternalLink } from "~/ui/icons";
import { Link } from "~/ui/link";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { CALENDAR_FILTERS, episodeLabel, PAGE_DAYS_AHEAD, PAGE_DAYS_BACK } from "../calendar-days";
import type { CalendarDay, CalendarPageData, FeedAnswer } from "../calendar-page.server";

const filterHref = (slug: string | undefined) =>
  slug ? `${paths.calendar}?durum=${slug}` : paths.calendar;

function Day({ group }: { group: CalendarDay }) {
  const headingId = `gun-${group.day}`;
  return (
    <li aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {group.heading}
      </h3>
      <ul className="divide-y rounded-lg border bg-card">
        {group.items.map((episode) => (
          <li
            key={`${episode.seriesId}-${episode.seasonNumber}-${episode.episodeNumber}`}
            className="flex items-center gap-3 p-3"
          >
            <Link
              to={paths.episode(episode.seriesId, episode.seasonNumber, episode.episodeNumber)}
              className="group min-w-0 flex-1"
            >
              <span className="block truncate font-semibold group-hover:text-primary">
                {episode.seriesName}
              </span>
              <span className="block truncate text-sm text-muted-foreground">
                {episodeLabel(episode.seasonNumber, episode.episodeNumber)}
                {ownEpisodeName(episode.episodeName) && ` · ${ownEpisodeName(episode.episodeName)}`}
              </span>
            </Link>
            {episode.watched && (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
                <Check className="size-3" aria-hidden />
                İzlendi
              </span>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

function Days({ id, title, days }: { id: string; title: string; days: CalendarDay[] }) {
  if (days.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <ol className="space-y-5">
        {days.map((group) => (
          <Day key={group.day} group={group} />
        ))}
      </ol>
    </section>
  );
}

/**
 * The feed's address for calendar apps (issue 34.5): `webcal://` opens the device's own calendar
 * app on the subscription; Google Calendar takes the same address as its `cid`.
 */
const webcalUrl = (feedUrl: string) => feedUrl.replace(/^https?:\/\//, "webcal://");
const googleCalendarUrl = (feedUrl: string) =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;

function CalendarAppLinks({ feedUrl }: { feedUrl: string }) {
  const link =
    "inline-flex h-10 items-center gap-1.5 rounded-lg border px-4 text-sm font-medium hover:bg-muted";
  return (
    <div className="flex flex-wrap gap-2">
      <a href={webcalUrl(feedUrl)} className={link}>
        <CalendarDays className="size-4" aria-hidden />
        Takvim uygulamasında aç
      </a>
      <a
        href={googleCalendarUrl(feedUrl)}
        target="_blank"
        rel="noopener noreferrer"
        className={link}
      >
        <ExternalLink className="size-4" aria-hidden />
        Google Takvim'e ekle
      </a>
    </div>
  );
}

function FeedSection({
  createdOn,
  created,
}: {
  createdOn: string | null;
  created: FeedAnswer | undefined;
}) {
  const fetcher = useFetcher<FeedAnswer>({ key: "calendar-feed" });
  const hydrated = useHydrated();
  const location = useLocation();
  const answer = fetcher.data ?? created;
  // Shown only in the answer that made it; a later answer (a removal) hides it again.
  const feedUrl = answer?.feedUrl;
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message, { id: `feed-${fetcher.data.at}` });
    else toast.error(fetcher.data.message, { id: `feed-${fetcher.data.at}` });
  }, [fetcher.data]);
  const busy = fetcher.state !== "idle";
  const exists = createdOn !== null || feedUrl !== undefined;

  const copy = async () => {
    if (!feedUrl) return;
    try {
      await navigator.clipboard.writeText(feedUrl);
      toast.success("Bağlantı kopyalandı", { id: "feed-copied" });
    } catch {
      toast.error("Bağlantı kopyalanamadı; lütfen elle seçip kopyalayın", { id: "feed-copied" });
    }
  };

  const intentForm = (
    intent: "create" | "remove",
    label: string,
    variant: "primary" | "outline",
  ) => (
    <fetcher.Form method="post" action={paths.calendar}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={location.pathname} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </fetcher.Form>
  );

  return (
    <section aria-labelledby="takvim-aboneligi" className="space-y-3 rounded-lg border p-4 sm:p-6">
      <h2 id="takvim-aboneligi" className="flex items-center gap-2 text-xl font-bold">
        <CalendarDays className="size-5" aria-hidden />
        Takvim aboneliği
      </h2>
      <p className="text-sm text-muted-foreground">
        Telefonunuzun ya da bilgisayarınızın takvim uygulaması bu özel bağlantıya abone olursa
        dizilerinizin bir hafta öncesinden üç ay sonrasına kadarki bölümleri takviminizde görünür.
        Bağlantıyı kimseyle paylaşmayın: onu bilen herkes takviminizi görebilir.
      </p>
      {feedUrl && (
        <div className="space-y-2">
          <label htmlFor="takvim-baglantisi" className="block text-sm font-medium">
            Abonelik bağlantınız
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="takvim-baglantisi"
              readOnly
              value={feedUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 w-full min-w-0 rounded-lg border bg-card px-3 font-mono text-sm"
            />
            {hydrated && (
              <Button type="button" variant="secondary" onClick={() => void copy()}>
                <Copy className="mr-1.5 size-4" aria-hidden />
                Kopyala
              </Button>
            )}
          </div>
          <CalendarAppLinks feedUrl={feedUrl} />
          <p className="text-xs text-muted-foreground">
            Güvenliğiniz için bu bağlantıyı yalnızca şimdi gösteriyoruz; kaybederseniz yeni bir
            bağlantı oluşturabilirsiniz.
          </p>
        </div>
      )}
      {!feedUrl && createdOn && (
        <p className="text-sm">
          Takvim bağlantınız {formatLongDate(createdOn)} tarihinde oluşturuldu. Bağlantıyı
          kaybettiyseniz yeni bir tane oluşturun: eskisi o anda çalışmaz olur.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {exists
          ? intentForm("create", "Yeni bağlantı oluştur", "outline")
          : intentForm("create", "Takvim bağlantısı oluştur", "primary")}
        {exists && intentForm("remove", "Bağlantıyı kaldır", "outline")}
      </div>
    </section>
  );
}

/** /takvim: the followed series' episodes of the last week and the next month, by day. */
export function CalendarPage({
  data,
  created,
}: {
  data: CalendarPageData;
  created: FeedAnswer | undefined;
}) {
  const empty = data.upcoming.length === 0 && data.recent.length === 0;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Takvim</h1>
        <p className="text-sm text-muted-foreground">
          İzlediğiniz ve izleyeceğiniz dizilerin son {PAGE_DAYS_BACK} günde yayınlanan ve önümüzdeki{" "}
          {PAGE_DAYS_AHEAD} günde yayınlanacak bölümleri.
        </p>
        <nav aria-label="Dizi durumu" className="flex flex-wrap gap-2 pt-2">
          {CALENDAR_FILTERS.map((filter) => (
            <ChipLink
              key={filter.label}
              to={filterHref(filter.slug)}
              active={data.filter === filter.slug}
            >
              {filter.label}
            </ChipLink>
          ))}
        </nav>
      </header>

      {empty ? (
        <div className="space-y-3 rounded-lg border border-dashed p-8 text-center">
          <p className="text-muted-foreground">
            {data.followed === 0
              ? "Takviminizde henüz dizi yok. İzliyorum ya da İzleyeceğim listenize dizi ekleyin; yeni bölümleri burada görürsünüz."
              : `Son ${PAGE_DAYS_BACK} günde yayınlanan ya da önümüzdeki ${PAGE_DAYS_AHEAD} günde yayınlanacak bir bölüm yok.`}
          </p>
          {data.followed === 0 && (
            <Button asChild>
              <Link to={paths.section("tv")}>Dizileri keşfet</Link>
            </Button>
          )}
        </div>
      ) : (
        <>
          <Days id="yaklasan" title="Bugün ve yaklaşan" days={data.upcoming} />
          <Days id="son-7-gun" title={`Son ${PAGE_DAYS_BACK} gün`} days={data.recent} />
        </>
      )}

      <FeedSection createdOn={data.feedCreatedOn} created={created} />
    </div>
  );
}
