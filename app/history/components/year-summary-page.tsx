import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import { Breadcrumb } from "~/ui/breadcrumb";
import { formatCount, formatLongDate, formatRating } from "~/core/format";
import { paths } from "~/core/paths";
import { ShareButton } from "~/ui/share-button";
import type { Ranked, Watch, YearSummary } from "../year-summary.server";
import {
  changeText,
  DEFAULT_EPISODE_MINUTES,
  hoursOf,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
} from "../summary-format";

/*
 * /dashboard/ozet/{yıl}. Everything is drawn on the server: the bars are SVG and plain boxes, and
 * a table beside each chart gives screen readers the same figures, so no script is needed.
 */

const CHART = { width: 360, height: 150, top: 16, bottom: 20 } as const;
const SLOT = CHART.width / 12;

/** Twelve bars, one a month, each with its figure above it and the month's abbreviation below. */
function MonthChart({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const barArea = CHART.height - CHART.top - CHART.bottom;
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      className="w-full"
      aria-hidden="true"
      data-chart={label}
    >
      <line
        x1={0}
        x2={CHART.width}
        y1={CHART.height - CHART.bottom}
        y2={CHART.height - CHART.bottom}
        className="stroke-border"
      />
      {values.map((value, index) => {
        const height = (value / max) * barArea;
        const x = index * SLOT + SLOT * 0.2;
        const y = CHART.height - CHART.bottom - height;
        return (
          <g key={MONTH_ABBREVIATIONS[index]}>
            <rect x={x} y={y} width={SLOT * 0.6} height={height} rx={2} className="fill-primary" />
            {value > 0 && (
              <text
                x={x + SLOT * 0.3}
                y={y - 4}
                textAnchor="middle"
                fontSize={9}
                className="fill-foreground"
              >
                {formatCount(value)}
              </text>
            )}
            <text
              x={x + SLOT * 0.3}
              y={CHART.height - 6}
              textAnchor="middle"
              fontSize={9}
              className="fill-muted-foreground"
            >
              {MONTH_ABBREVIATIONS[index]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Stat({
  label,
  value,
  detail,
  change,
}: {
  label: string;
  value: number;
  detail?: string;
  change: string | null;
}) {
  return (
    <div className="rounded-lg border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-3xl font-black">{formatCount(value)}</dd>
      {detail && <dd className="text-sm text-muted-foreground">{detail}</dd>}
      {change && <dd className="text-sm font-medium">{change}</dd>}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A ranked list with bars as long as each count against the first one. */
function RankList({
  items,
  linked,
  empty,
  label,
}: {
  items: Ranked[];
  linked: boolean;
  empty: string;
  label: string;
}) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const max = items[0]!.count;
  return (
    <ol aria-label={label} className="space-y-2">
      {items.map((item) => (
        <li key={item.id} className="space-y-1">
          <div className="flex justify-between gap-2 text-sm">
            {linked ? (
              <Link to={paths.person(item)} className="font-medium hover:text-primary">
                {item.name}
              </Link>
            ) : (
              <span className="font-medium">{item.name}</span>
            )}
            <span className="shrink-0 text-muted-foreground">{formatCount(item.count)} izleme</span>
          </div>
          <div className="h-2 rounded-full bg-secondary">
            <div
              className="h-2 rounded-full bg-primary"
              style={{ width: `${(item.count / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

function WatchLine({ label, watch }: { label: string; watch: Watch }) {
  const href = watch.episode
    ? paths.episode(watch.id, watch.episode.season, watch.episode.number)
    : paths.title(watch.kind, { id: watch.id, name: watch.title });
  return (
    <div className="rounded-lg border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-semibold">
        <Link to={href} className="hover:text-primary">
          {watch.title}
          {watch.episode && `, ${watch.episode.season}. Sezon ${watch.episode.number}. Bölüm`}
        </Link>
      </dd>
      <dd className="text-sm text-muted-foreground">{formatLongDate(watch.day)}</dd>
    </div>
  );
}

function YearNav({
  year,
  previous,
  next,
}: {
  year: number;
  previous: number | null;
  next: number | null;
}) {
  return (
    <nav aria-label="Yıllar" className="flex items-center gap-4 text-sm font-medium">
      {previous !== null && (
        <Link to={paths.yearSummary(previous)} className="text-primary hover:underline">
          ← {previous} özeti
        </Link>
      )}
      <span aria-current="page" className="text-muted-foreground">
        {year}
      </span>
      {next !== null && (
        <Link to={paths.yearSummary(next)} className="text-primary hover:underline">
          {next} özeti →
        </Link>
      )}
    </nav>
  );
}

/**
 * "Özetimi paylaş": the summary's picture (decision 028) when the profile is public, else how to
 * make it shareable. The page itself is the person's own; the picture is what others see.
 */
function ShareSummary({ year, image }: { year: number; image: string | null }) {
  if (!image)
    return (
      <p className="text-sm text-muted-foreground">
        Özetinizi paylaşmak için{" "}
        <Link to={paths.account} className="text-primary hover:underline">
          Hesabım
        </Link>{" "}
        sayfasından profilinizi herkese açık yapın.
      </p>
    );
  return (
    <section aria-labelledby="ozet-paylas" className="space-y-3">
      <h2 id="ozet-paylas" className="text-xl font-bold">
        Özetinizi paylaşın
      </h2>
      <img
        src={image}
        alt={`${year} özetinizin paylaşım görseli`}
        width={1200}
        height={630}
        loading="lazy"
        className="w-full max-w-xl rounded-lg border"
      />
      <ShareButton
        path={image}
        title={`${year} özetim`}
        text={`Perde'de ${year} özetim`}
        label="Özetimi paylaş"
      />
    </section>
  );
}

export function YearSummaryPage({
  summary,
  previousYear,
  nextYear,
  shareImage,
}: {
  summary: YearSummary;
  previousYear: number | null;
  nextYear: number | null;
  /** The summary's public picture, when the profile is public. */
  shareImage: string | null;
}) {
  const { year, totals, previous, months } = summary;
  const hours = hoursOf(totals.minutes);
  const rated = summary.ratings.reduce((sum, count) => sum + count, 0);
  const maxRating = Math.max(1, ...summary.ratings);
  const notes = [
    totals.episodesAtDefault > 0 &&
      `Süresini bilmediğimiz ${formatCount(totals.episodesAtDefault)} bölüm ${DEFAULT_EPISODE_MINUTES} dakika sayıldı.`,
    totals.filmsWithoutRuntime > 0 &&
      `Süresini bilmediğimiz ${formatCount(totals.filmsWithoutRuntime)} film izlemesi saatlere eklenmedi.`,
  ].filter(Boolean);

  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8">
      <div className="space-y-3">
        <Breadcrumb
          items={[
            { label: "Ana Sayfa", to: "/" },
            { label: "Dashboard", to: paths.dashboard },
            { label: `${year} Özetim` },
          ]}
        />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-3xl font-bold">{year} Özetim</h1>
          <YearNav year={year} previous={previousYear} next={nextYear} />
        </div>
      </div>

      {summary.empty ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {year} yılında izlediğiniz bir film ya da bölüm yok. Günlüğünüze bir izleme eklediğinizde
          özetiniz burada görünecek.
        </p>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Stat
              label="İzlenen film"
              value={totals.films}
              detail={`${formatCount(totals.distinctFilms)} farklı film${
                totals.rewatches > 0 ? `, ${formatCount(totals.rewatches)} tekrar izleme` : ""
              }`}
              change={changeText(totals.films, previous.films, "film")}
            />
            <Stat
              label="İzlenen bölüm"
              value={totals.episodes}
              change={changeText(totals.episodes, previous.episodes, "bölüm")}
            />
            <Stat
              label="Saat"
              value={hours}
              change={changeText(hours, hoursOf(previous.minutes), "saat")}
            />
          </dl>

          <Section id="aylar" title="Aylara Göre">
            <div className="grid gap-6 md:grid-cols-3">
              {(
                [
                  ["Filmler", months.map((m) => m.films)],
                  ["Bölümler", months.map((m) => m.episodes)],
                  ["Saatler", months.map((m) => hoursOf(m.minutes))],
                ] as const
              ).map(([label, values]) => (
                <figure key={label} className="space-y-2">
                  <figcaption className="text-sm font-semibold">{label}</figcaption>
                  <MonthChart values={values} label={label} />
                </figure>
              ))}
            </div>
            {/* Hidden by its wrapper: a table keeps its content's width whatever its own is. */}
            <div className="sr-only">
              <table>
                <caption>{`${year} yılında aylara göre filmler, bölümler ve saatler`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Ay</th>
                    <th scope="col">Film</th>
                    <th scope="col">Bölüm</th>
                    <th scope="col">Saat</th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{MONTH_NAMES[m.month - 1]}</th>
                      <td>{formatCount(m.films)}</td>
                      <td>{formatCount(m.episodes)}</td>
                      <td>{formatCount(hoursOf(m.minutes))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {notes.length > 0 && (
              <ul className="space-y-1 text-sm text-muted-foreground">
                {notes.map((note) => (
                  <li key={String(note)}>{note}</li>
                ))}
              </ul>
            )}
          </Section>

          <div className="grid gap-10 md:grid-cols-3">
            <Section id="turler" title="En Çok İzlenen Türler">
              {summary.genres === null ? (
                <p className="text-sm text-muted-foreground">
                  Türler şu anda yüklenemedi. Lütfen biraz sonra yeniden deneyin.
                </p>
              ) : (
                <RankList
                  items={summary.genres}
                  linked={false}
                  label="En çok izlenen türler"
                  empty="Bu yılın izlemelerinde tür bilgisi yok."
                />
              )}
            </Section>
            <Section id="yonetmenler" title="Yönetmenler">
              <RankList
                items={summary.directors}
                linked
                label="En çok izlenen yönetmenler"
                empty="Bu yılın izlemelerinde yönetmen bilgisi yok."
              />
            </Section>
            <Section id="oyuncular" title="Oyuncular">
              <RankList
                items={summary.actors}
                linked
                label="En çok izlenen oyuncular"
                empty="Bu yılın izlemelerinde oyuncu bilgisi yok."
              />
            </Section>
          </div>

          <Section id="puanlar" title="Puanlarım">
            {rated === 0 ? (
              <p className="text-sm text-muted-foreground">Bu yıl günlüğünüzde puan vermediniz.</p>
            ) : (
              <>
                <p className="text-sm">
                  <span className="font-semibold">
                    Ortalama puan: {formatRating(summary.averageRating ?? 0)}/10
                  </span>{" "}
                  <span className="text-muted-foreground">
                    ({formatCount(rated)} puanlı izleme)
                  </span>
                </p>
                <ol aria-label="Puan dağılımı" className="max-w-2xl space-y-1.5">
                  {summary.ratings.map((count, index) => (
                    <li key={index} className="flex items-center gap-3 text-sm">
                      <span className="w-6 text-right font-medium">{index + 1}</span>
                      <span className="h-3 flex-1 rounded-full bg-secondary">
                        <span
                          className="block h-3 rounded-full bg-primary"
                          style={{ width: `${(count / maxRating) * 100}%` }}
                        />
                      </span>
                      <span className="w-20 shrink-0 whitespace-nowrap text-muted-foreground">
                        {formatCount(count)} izleme
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </Section>

          <Section id="ilk-son" title="Yılın İlki ve Sonu">
            <dl className="grid gap-4 sm:grid-cols-2">
              {summary.first && <WatchLine label="İlk izleme" watch={summary.first} />}
              {summary.last && <WatchLine label="Son izleme" watch={summary.last} />}
            </dl>
          </Section>
          <ShareSummary year={year} image={shareImage} />
        </>
      )}
    </div>
  );
}
