import { Form, useActionData, useNavigation } from "react-router";
import { formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";
import type { DiaryAnswer } from "../actions.server";
import type { DiaryEntryView } from "../diary.server";
import { DiaryFields, typedValues } from "./diary-fields";

/**
 * /dashboard/gunluk/{id}: change an entry, or delete it after a confirmation (a <details> with
 * the real button inside, so no JavaScript is needed). Both are plain forms to this page; a
 * refusal comes back here with what was typed.
 */
export function DiaryEntryPage({ entry, today }: { entry: DiaryEntryView; today: string }) {
  const refused = useActionData<DiaryAnswer>();
  const busy = useNavigation().state !== "idle";
  const title = entry.title ?? (entry.itemType === "movie" ? "Film" : "Dizi");
  const values = typedValues(refused?.ok === false ? refused.fields : undefined, {
    watchedOn: entry.watchedOn,
    rating: entry.rating,
    review: entry.review ?? "",
    rewatch: entry.rewatch,
    spoiler: entry.spoiler,
    tags: entry.tags.join(", "),
  });
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Ana Sayfa", to: "/" },
          { label: "Günlüğüm", to: paths.diary },
          { label: "Kaydı düzenle" },
        ]}
      />
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-muted-foreground">
          {formatLongDate(entry.watchedOn)} tarihli kayıt ·{" "}
          <Link
            to={paths.title(entry.itemType, { id: entry.itemId, name: entry.title ?? "" })}
            className="text-primary hover:underline"
          >
            {entry.itemType === "movie" ? "Filmin sayfası" : "Dizinin sayfası"}
          </Link>
        </p>
      </header>
      <Form method="post" noValidate className="space-y-4 rounded-xl border bg-card p-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="entryId" value={entry.id} />
        <input type="hidden" name="returnTo" value={paths.diary} />
        {refused?.ok === false && (
          <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
            {refused.message}
          </p>
        )}
        <DiaryFields
          key={refused?.at ?? "saved"}
          values={values}
          today={today}
          idPrefix={`entry-${entry.id}`}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            Kaydet
          </Button>
          <Button variant="ghost" asChild>
            <Link to={paths.diary}>Vazgeç</Link>
          </Button>
        </div>
      </Form>
      <details className="rounded-xl border border-danger/40 p-4">
        <summary className="cursor-pointer font-medium text-danger select-none">Kaydı sil</summary>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="entryId" value={entry.id} />
          <p className="text-sm">
            Bu kaydı silmek istediğinize emin misiniz? Puanınız olduğu gibi kalır.
          </p>
          <Button type="submit" disabled={busy} className="bg-danger text-white">
            Evet, sil
          </Button>
        </Form>
      </details>
    </div>
  );
}
