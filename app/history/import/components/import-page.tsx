import { Form, useActionData, useNavigation } from "react-router";
import { formatCount, formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { FormMessage } from "~/ui/field";
import { Link } from "~/ui/link";
import type { UploadAnswer } from "../import-actions.server";
import { STATUS_LABELS } from "./labels";
import { IMPORT_SERVICES } from "./services";

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
          Letterboxd, Trakt, IMDb, TV Time ya da Netflix geçmişinizi tek adımda getirin:
          izledikleriniz, izlediğiniz bölümler, izleme listeniz, puanlarınız, günlüğünüz,
          yorumlarınız ve listeleriniz.
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

      <section aria-labelledby="nasil" className="space-y-3">
        <h2 id="nasil" className="text-xl font-semibold">
          Dosyanızı nasıl alırsınız
        </h2>
        <div className="divide-y rounded-2xl border bg-card">
          {IMPORT_SERVICES.map((service) => (
            <details key={service.id} id={service.id} className="group p-4">
              <summary className="cursor-pointer font-medium">
                {service.name}
                <span className="block text-sm font-normal text-muted-foreground">
                  {service.brings}
                </span>
              </summary>
              <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
                {service.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
          ))}
        </div>
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
