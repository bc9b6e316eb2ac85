import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import type {
  ImportCandidate,
  ImportReport,
  ImportRowKind,
  ImportSource,
} from "~/db/import-schema";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";
import { useHydrated } from "~/ui/use-hydrated";
import { STATUS_LABELS, WRITING_LABEL, writtenLabel } from "./labels";

export interface ImportStatusData {
  id: number;
  status: keyof typeof STATUS_LABELS;
  source: ImportSource;
  fileName: string;
  totalRows: number;
  processedRows: number;
  report: ImportReport;
  review: {
    id: number;
    file: string;
    line: number;
    title: string;
    year: number | null;
    candidates: ImportCandidate[];
  }[];
  reviewCount: number;
  /** Rows the person answered for on the review screen that are still being written. */
  writing: number;
  /** The file is still being read: its rows are not counted yet. */
  reading: boolean;
  /** A row's hand search: results null when the query was too short (or the row is done). */
  search: { rowId: number; query: string; results: ImportCandidate[] | null } | null;
}

/** How often the page asks again while the import runs. */
const POLL_MS = 1500;

/** While the import runs: asked again every POLL_MS with JavaScript, refreshed without. */
function useLiveProgress(running: boolean) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!running || !hydrated) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, hydrated, revalidator]);
}

function Progress({ data }: { data: ImportStatusData }) {
  const share = data.totalRows === 0 ? 100 : (data.processedRows / data.totalRows) * 100;
  const label = `${formatCount(data.processedRows)} / ${formatCount(data.totalRows)} satır`;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="İçe aktarma ilerlemesi"
        aria-valuemin={0}
        aria-valuemax={data.totalRows}
        aria-valuenow={data.processedRows}
        aria-valuetext={label}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm tabular-nums" data-testid="import-progress">
        {label}
      </p>
    </div>
  );
}

function CandidateOption({ candidate, checked }: { candidate: ImportCandidate; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name="choice"
        value={`${candidate.mediaType}:${candidate.id}`}
        defaultChecked={checked}
        required
      />
      <span>
        {candidate.title}
        {candidate.year !== null && ` (${candidate.year})`}
        <span className="text-muted-foreground">
          {candidate.mediaType === "tv" ? " · dizi" : " · film"}
        </span>
      </span>
    </label>
  );
}

/**
 * One row waiting for a choice: the candidates the matcher offered, a search box to find the
 * title by hand (a GET form that comes back with what it found, so it works without
 * JavaScript), and "Bunu seç" / "Atla".
 */
function ReviewRow({
  importId,
  row,
  search,
}: {
  importId: number;
  row: ImportStatusData["review"][number];
  search: ImportStatusData["search"];
}) {
  const searched = search?.rowId === row.id ? search : null;
  const offered = new Set(row.candidates.map((item) => `${item.mediaType}:${item.id}`));
  const found = (searched?.results ?? []).filter(
    (item) => !offered.has(`${item.mediaType}:${item.id}`),
  );
  const options = [...found, ...row.candidates];
  const anchor = `satir-${row.id}`;
  return (
    <li id={anchor} className="scroll-mt-20 space-y-3 p-4">
      <p>
        <span className="font-medium">{row.title}</span>
        {row.year !== null && <span className="text-muted-foreground"> ({row.year})</span>}
        <span className="block text-xs text-muted-foreground">
          {row.file}, {row.line}. satır
        </span>
      </p>
      <Form
        method="get"
        action={`${paths.historyImportStatus(importId)}#${anchor}`}
        preventScrollReset
        className="flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="satir" value={row.id} />
        <label className="grow space-y-1 text-sm">
          <span className="block text-muted-foreground">Yapımı adıyla arayın</span>
          <input
            type="search"
            name="ara"
            defaultValue={searched?.query ?? ""}
            minLength={3}
            maxLength={100}
            required
            placeholder="Örneğin: Winter Sleep"
            className="h-10 w-full rounded-lg border bg-background px-3"
          />
        </label>
        <Button type="submit" variant="outline">
          Ara
        </Button>
      </Form>
      {searched && (
        <p className="text-sm text-muted-foreground" role="status">
          {searched.results === null
            ? "Aramak için en az 3 harf yazın."
            : found.length > 0
              ? `“${searched.query}” için ${formatCount(found.length)} yapım bulundu.`
              : `“${searched.query}” için yeni bir yapım bulunamadı.`}
        </p>
      )}
      <Form method="post" className="space-y-2">
        <input type="hidden" name="rowId" value={row.id} />
        {options.length > 0 ? (
          <fieldset className="space-y-1.5">
            <legend className="sr-only">{row.title} için bir yapım seçin</legend>
            {options.map((candidate, index) => (
              <CandidateOption
                key={`${candidate.mediaType}:${candidate.id}`}
                candidate={candidate}
                checked={index === 0}
              />
            ))}
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground">Katalogda eşleşen bir yapım bulunamadı.</p>
        )}
        <div className="flex flex-wrap gap-2">
          {options.length > 0 && (
            <Button type="submit" name="intent" value="pick">
              Bunu seç
            </Button>
          )}
          <Button type="submit" name="intent" value="skip" variant="outline" formNoValidate>
            Atla
          </Button>
        </div>
      </Form>
    </li>
  );
}

function Report({ report, source }: { report: ImportReport; source: ImportSource }) {
  const written = Object.entries(report.written) as [ImportRowKind, number][];
  return (
    <section aria-labelledby="ozet" className="space-y-4">
      <h2 id="ozet" className="text-xl font-semibold">
        Özet
      </h2>
      <ul className="space-y-1 text-sm">
        {written.map(([kind, rows]) => (
          <li key={kind}>
            {writtenLabel(kind, source)}:{" "}
            <strong className="tabular-nums">{formatCount(rows)}</strong>
          </li>
        ))}
        {written.length === 0 && <li>Hiçbir satır yazılmadı.</li>}
        {report.skipped > 0 && (
          <li>
            Atlanan: <strong className="tabular-nums">{formatCount(report.skipped)}</strong>
          </li>
        )}
      </ul>
      {(report.favourites?.length ?? 0) > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">Favorileriniz</h3>
          <p className="text-sm text-muted-foreground">
            Dosyanızda favori olarak işaretliydiler. Sizin yerinize hiçbir şey favori yapılmadı:
            Favori 4 yalnızca filmlerden oluşur, profil ayarlarınızdan seçebilirsiniz.
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {report.favourites!.map((item) => (
              <li key={`${item.mediaType}:${item.id}`}>
                <Link
                  to={paths.title(item.mediaType, { id: item.id, name: item.title })}
                  className="text-primary hover:underline"
                >
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {(report.skippedFiles?.length ?? 0) > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">İçe aktarılmayan dosyalar</h3>
          <ul className="space-y-1 text-sm">
            {report.skippedFiles!.map((skipped) => (
              <li key={skipped.file}>
                {skipped.file}: {skipped.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {(report.unwrittenCount ?? 0) > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">
            Yazılamayan satırlar ({formatCount(report.unwrittenCount!)})
          </h3>
          <ul className="space-y-1 text-sm">
            {report.unwritten!.map((row) => (
              <li key={`${row.file}:${row.line}`}>
                {row.file}, {row.line}. satır: {row.reason}
              </li>
            ))}
          </ul>
          {report.unwrittenCount! > report.unwritten!.length && (
            <p className="text-sm text-muted-foreground">
              İlk {formatCount(report.unwritten!.length)} satır gösteriliyor.
            </p>
          )}
        </div>
      )}
      {report.notes.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">Notlar</h3>
          <ul className="space-y-1 text-sm">
            {report.notes.map((note) => (
              <li key={`${note.file}:${note.line}`}>
                {note.file}, {note.line}. satır: {note.note}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/**
 * Letterboxd's favourite films (profile.csv), offered as Favori 4: written only when the person
 * says so, never on their own (decision 038). Asked once.
 */
function FavoritesQuestion({ report }: { report: ImportReport }) {
  const favorites = report.favorites;
  if (!favorites || favorites.answered || favorites.candidates.length === 0) return null;
  return (
    <section aria-labelledby="favori-4" className="space-y-3 rounded-2xl border bg-card p-4">
      <h2 id="favori-4" className="text-xl font-semibold">
        Favori 4&apos;ünüz bunlar olsun mu?
      </h2>
      <p className="text-sm text-muted-foreground">
        Letterboxd profilinizdeki favori filmler. “Evet” derseniz profilinizdeki Favori 4&apos;ün
        yerine bunlar gelir; “Hayır” derseniz Favori 4&apos;ünüz olduğu gibi kalır.
      </p>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        {favorites.candidates.map((film) => (
          <li key={film.movieId}>
            {film.title}
            {film.year !== null && <span className="text-muted-foreground"> ({film.year})</span>}
          </li>
        ))}
      </ol>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="favorites" />
        <Button type="submit" name="answer" value="accept">
          Evet, Favori 4&apos;üm bunlar olsun
        </Button>
        <Button type="submit" name="answer" value="decline" variant="outline">
          Hayır, Favori 4&apos;üm kalsın
        </Button>
      </Form>
    </section>
  );
}

/**
 * A Netflix archive shared by several profiles (decision 037): nothing is read or written until
 * the person says which profile is theirs. A plain form of radio buttons.
 */
function ProfileQuestion({ profiles }: { profiles: string[] }) {
  return (
    <section aria-labelledby="profil" className="space-y-3 rounded-2xl border bg-card p-4">
      <h2 id="profil" className="text-xl font-semibold">
        Hangi Netflix profili sizin?
      </h2>
      <p className="text-sm text-muted-foreground">
        Bu Netflix arşivinde birden çok profilin izleme geçmişi var. Yalnızca seçtiğiniz profilin
        geçmişini içe aktarırız; diğer profillerden hiçbir şey yazılmaz.
      </p>
      <Form method="post" className="space-y-3">
        <fieldset className="space-y-1.5">
          <legend className="sr-only">Netflix profiliniz</legend>
          {profiles.map((profile) => (
            <label key={profile} className="flex items-center gap-2 text-sm">
              <input type="radio" name="profile" value={profile} required />
              <span className="break-all">{profile}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="profile">
            Bu profili içe aktar
          </Button>
          <Button type="submit" name="intent" value="skip-all" variant="outline" formNoValidate>
            Hiçbirini içe aktarma
          </Button>
        </div>
      </Form>
    </section>
  );
}

function BadRows({ report }: { report: ImportReport }) {
  if (report.badRowCount === 0) return null;
  return (
    <section aria-labelledby="hatali" className="space-y-3">
      <h2 id="hatali" className="text-xl font-semibold">
        İçe aktarılamayan satırlar ({formatCount(report.badRowCount)})
      </h2>
      <div className="overflow-x-auto rounded-2xl border bg-card">
        <table className="w-full text-left text-sm">
          <thead className="border-b text-muted-foreground">
            <tr>
              <th className="p-3 font-medium">Dosya</th>
              <th className="p-3 font-medium">Satır</th>
              <th className="p-3 font-medium">Neden</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {report.badRows.map((row) => (
              <tr key={`${row.file}:${row.line}`}>
                <td className="p-3">{row.file}</td>
                <td className="p-3 tabular-nums">{formatCount(row.line)}</td>
                <td className="p-3">{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.badRowCount > report.badRows.length && (
        <p className="text-sm text-muted-foreground">
          İlk {formatCount(report.badRows.length)} satır gösteriliyor.
        </p>
      )}
    </section>
  );
}

/** /hesap/ice-aktar/{id}: progress while it runs, then the review screen, then the report. */
export function ImportStatusPage({ data }: { data: ImportStatusData }) {
  const running = data.status === "running";
  // The person's answers are written by the import's job: the page follows them until the
  // report is ready (issue #37).
  const writing = data.status === "review" && data.writing > 0;
  // Nothing left to answer: the page only waits for the answers to be written.
  const answered = writing && data.reviewCount === 0;
  useLiveProgress(running || writing);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      {(running || answered) && (
        // Without JavaScript the page refreshes itself while the import runs (not while questions
        // are open: a refresh would take the person's half-made choice).
        <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} />
      )}
      <Breadcrumb
        items={[
          { label: "Hesabım", to: paths.account },
          { label: "İçe aktar", to: paths.historyImport },
          { label: data.fileName },
        ]}
      />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold break-all">{data.fileName}</h1>
        <p className="text-muted-foreground" role="status" data-status={data.status}>
          {data.report.refusal
            ? "İçe aktarılmadı"
            : answered
              ? `${WRITING_LABEL}: seçimleriniz yazılıyor. Bu sayfayı kapatabilirsiniz.`
              : STATUS_LABELS[data.status]}
          {running &&
            (data.reading
              ? ": dosya okunuyor. Bu sayfayı kapatabilirsiniz."
              : ": satırlar eşleştirilip yazılıyor. Bu sayfayı kapatabilirsiniz.")}
        </p>
      </header>
      {data.report.refusal ? (
        <div role="alert" className="rounded-2xl bg-danger/10 p-4 text-danger">
          <p className="font-medium">Dosyanız içe aktarılmadı; hiçbir şey yazılmadı.</p>
          <p className="mt-1 text-sm">{data.report.refusal}</p>
        </div>
      ) : (
        !data.reading && !data.report.askProfile && <Progress data={data} />
      )}
      {running && (
        <Form method="post">
          <Button type="submit" name="intent" value="cancel" variant="outline">
            İçe aktarımı durdur
          </Button>
          <p className="mt-2 text-sm text-muted-foreground">
            Yazılan satırlar kalır; kalanlar atlanır.
          </p>
        </Form>
      )}

      {data.status === "review" && data.report.askProfile && (
        <ProfileQuestion profiles={data.report.askProfile} />
      )}
      {writing && (
        <p className="text-sm tabular-nums" role="status" data-testid="import-writing">
          Seçtiğiniz {formatCount(data.writing)} satır yazılıyor; bitince özet burada görünür.
        </p>
      )}
      {data.status === "review" && !data.report.askProfile && data.reviewCount > 0 && (
        <section aria-labelledby="secim" className="space-y-3">
          <h2 id="secim" className="text-xl font-semibold">
            Emin olamadığımız satırlar ({formatCount(data.reviewCount)})
          </h2>
          <p className="text-sm text-muted-foreground">
            Bu satırlar katalogda tek bir yapımla kesin eşleşmedi. Doğru yapımı seçin ya da atlayın;
            seçmediğiniz hiçbir şey yazılmaz.
          </p>
          <ul className="divide-y rounded-2xl border bg-card">
            {data.review.map((row) => (
              <ReviewRow key={row.id} importId={data.id} row={row} search={data.search} />
            ))}
          </ul>
          <Form method="post">
            <Button type="submit" name="intent" value="skip-all" variant="outline">
              Kalan {formatCount(data.reviewCount)} satırı atla
            </Button>
          </Form>
        </section>
      )}

      <FavoritesQuestion report={data.report} />
      {data.status === "done" && !data.report.refusal && (
        <Report report={data.report} source={data.source} />
      )}
      <BadRows report={data.report} />
      {data.status === "done" && (
        <p className="flex flex-wrap gap-4 text-sm">
          <Link to={paths.dashboard} className="text-primary hover:underline">
            Panele git
          </Link>
          <Link to={paths.historyImport} className="text-primary hover:underline">
            Başka bir dosya içe aktar
          </Link>
        </p>
      )}
    </div>
  );
}
