import { Form, useActionData, useNavigation } from "react-router";
import { formatCount, formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { FormMessage } from "~/ui/field";
import { Link } from "~/ui/link";
import type { UploadAnswer } from "../import-actions.server";
import { STATUS_LABELS } from "./labels";

export interface ImportPageData {
  imports: {
    id: number;
    status: keyof typeof STATUS_LABELS;
    fileName: string;
    totalRows: number;
    processedRows: number;
    createdAt: string;
  }[];
}

/** Each service's "how to get your file" steps (issue #37). */
const SERVICES: { name: string; steps: string[] }[] = [
  {
    name: "Letterboxd",
    steps: [
      "Letterboxd'da Settings (Ayarlar) → Data sekmesini açın.",
      "“Export your data” düğmesine basın; ZIP dosyası hemen iner.",
      "ZIP dosyasını olduğu gibi buraya yükleyin: günlük, puanlar, izledikleriniz, izleme listeniz, yorumlarınız, listeleriniz (lists/), beğendikleriniz (likes/) ve profilinizdeki favori filmler birlikte gelir. Tek bir CSV de yükleyebilirsiniz.",
      "Listeleriniz ve beğendikleriniz gizli Perde listeleri olur; favori filmlerinizi Favori 4'ünüz yapıp yapmayacağınızı size sorarız.",
    ],
  },
  {
    name: "Trakt",
    steps: [
      "Trakt'ta Settings (Ayarlar) → Data sayfasını açın (trakt.tv/settings/data).",
      "Export bölümünden verilerinizin dışa aktarımını isteyin ve hazır olduğunda ZIP dosyasını indirin.",
      "İnen ZIP dosyasını açmadan buraya yükleyin: izleme geçmişiniz (watched-history), puanlarınız, izleme listeniz, listeleriniz (notlarıyla) ve yorumlarınız gelir.",
      "Yapımları Trakt'ın verdiği kimliklerle (TMDB, sonra IMDb) eşleştiririz; sezon puanları Perde'de olmadığı için atlanır.",
    ],
  },
  {
    name: "IMDb",
    steps: [
      "IMDb'de Your Ratings, Watchlist ya da bir listenizin sayfasını açın.",
      "Sayfanın menüsünden “Export” seçeneğiyle CSV dosyasını indirin.",
      "CSV dosyasını buraya yükleyin.",
    ],
  },
];

/** /hesap/ice-aktar: the upload form (a plain multipart post) and the person's past imports. */
export function ImportPage({ data }: { data: ImportPageData }) {
  const answer = useActionData<UploadAnswer>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Breadcrumb items={[{ label: "Hesabım", to: paths.account }, { label: "İçe aktar" }]} />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">İçe aktar</h1>
        <p className="text-muted-foreground">
          Letterboxd, Trakt ya da IMDb geçmişinizi tek adımda getirin: izledikleriniz, izleme
          listeniz, puanlarınız, günlüğünüz, yorumlarınız ve listeleriniz.
        </p>
      </header>

      <section aria-labelledby="yukle" className="space-y-4 rounded-2xl border bg-card p-5 sm:p-6">
        <h2 id="yukle" className="text-xl font-semibold">
          Dosya yükle
        </h2>
        <p className="text-sm text-muted-foreground">
          Dosyanın adı ne olursa olsun kabul ederiz: dışa aktarımın ZIP dosyasını açmadan
          yükleyebilirsiniz. En çok 10 MB ve 50.000 satır. Emin olunamayan satırları yazmadan önce
          size sorarız.
        </p>
        <div className="space-y-2">
          {SERVICES.map((service) => (
            <details key={service.name} className="rounded-lg border p-3">
              <summary className="cursor-pointer font-medium">
                {service.name}: dosyanızı nasıl alırsınız?
              </summary>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                {service.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
          ))}
        </div>
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <label className="block space-y-1.5">
            <span className="text-sm font-medium">Dışa aktarım dosyası (ZIP, CSV ya da JSON)</span>
            <input
              type="file"
              name="file"
              required
              accept=".zip,.csv,.json,application/zip,text/csv,application/json"
              className="block w-full rounded-lg border bg-background p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5"
            />
          </label>
          {answer?.askListKind && (
            <fieldset className="space-y-2 rounded-lg border p-3">
              <legend className="px-1 text-sm font-medium">Bu Letterboxd listesi hangisi?</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="list" value="watched" required /> İzlediklerim
                (watched.csv)
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="list" value="watchlist" /> İzleyeceklerim (watchlist.csv)
              </label>
            </fieldset>
          )}
          {answer?.error && <FormMessage tone="error">{answer.error}</FormMessage>}
          <Button type="submit" disabled={busy}>
            {busy ? "Yükleniyor…" : "Yükle ve içe aktar"}
          </Button>
        </Form>
      </section>

      {data.imports.length > 0 && (
        <section aria-labelledby="gecmis" className="space-y-3">
          <h2 id="gecmis" className="text-xl font-semibold">
            İçe aktarımlarınız
          </h2>
          <ul className="divide-y rounded-2xl border bg-card">
            {data.imports.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div className="min-w-0">
                  <Link
                    to={paths.historyImportStatus(item.id)}
                    className="font-medium break-all text-primary hover:underline"
                  >
                    {item.fileName}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {formatLongDate(item.createdAt.slice(0, 10))} ·{" "}
                    {formatCount(item.processedRows)} / {formatCount(item.totalRows)} satır
                  </p>
                </div>
                <span className="rounded-full bg-secondary px-3 py-1 text-xs font-medium">
                  {STATUS_LABELS[item.status]}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
