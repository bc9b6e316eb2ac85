import type { ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { LIST_LIMITS } from "~/db/lists-schema";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { ExternalLink } from "~/ui/icons";
import { Link } from "~/ui/link";
import { Pager } from "~/ui/pager";
import type { ListAnswer } from "../actions.server";
import type { ListEditPageData } from "../list-pages.server";
import { VISIBILITY_LABELS } from "../schemas";
import { formatChangedOn } from "./list-dates";
import { ListFields, typedListValues } from "./list-fields";
import { ListItemsEditor } from "./list-items-editor";

/**
 * /dashboard/listeler/{id}: the list's owner changes its name, description and visibility, and
 * may delete it; the owner and editors reorder, annotate and remove items; an editor may leave.
 * `collaborators`: the owner's "Birlikte düzenle" section (its editors and invite link).
 */
export function ListEditPage({
  data: { list, path, page, totalPages, offset },
  collaborators,
}: {
  data: ListEditPageData;
  collaborators?: ReactNode;
}) {
  const refused = useActionData<ListAnswer>();
  const busy = useNavigation().state === "submitting";
  const owner = list.role === "owner";
  const values = typedListValues(refused?.ok === false ? refused.fields : undefined, {
    name: list.name,
    description: list.description ?? "",
    visibility: list.visibility,
  });
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Ana Sayfa", to: "/" },
          { label: "Listelerim", to: paths.lists },
          { label: list.name },
        ]}
      />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold break-words">{list.name}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>{VISIBILITY_LABELS[list.visibility]}</span>
          <span>
            {formatCount(list.itemCount)} / {formatCount(LIST_LIMITS.itemsPerList)} yapım
          </span>
          <span>
            Son değişiklik:{" "}
            <time dateTime={list.updatedAt.toISOString()}>{formatChangedOn(list.updatedAt)}</time>
          </span>
          {!owner && <span className="text-primary">Birlikte düzenliyorsunuz</span>}
          <Link to={path} className="inline-flex items-center gap-1 text-primary hover:underline">
            <ExternalLink className="size-3.5" aria-hidden />
            Listenin sayfası
          </Link>
        </p>
      </header>

      {owner && (
        <section aria-labelledby="liste-bilgileri" className="rounded-xl border bg-card p-4">
          <h2 id="liste-bilgileri" className="mb-4 text-xl font-bold">
            Liste bilgileri
          </h2>
          <Form method="post" noValidate className="space-y-4" preventScrollReset>
            <input type="hidden" name="intent" value="update" />
            {refused?.ok === false && (
              <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
                {refused.message}
              </p>
            )}
            <ListFields key={refused?.at ?? "saved"} values={values} idPrefix="list" />
            <Button type="submit" disabled={busy}>
              Kaydet
            </Button>
          </Form>
        </section>
      )}

      <section aria-labelledby="yapimlar" className="space-y-3">
        <h2 id="yapimlar" className="text-xl font-bold">
          Yapımlar
        </h2>
        <ListItemsEditor
          listId={list.id}
          items={list.items}
          offset={offset}
          total={list.itemCount}
          returnTo={paths.listEdit(list.id, page)}
        />
        {totalPages > 1 && (
          <Pager page={page} totalPages={totalPages} hrefFor={(n) => paths.listEdit(list.id, n)} />
        )}
      </section>

      {/* ── "Birlikte düzenle" (owner only): the editors and the invite links. The route may pass
          the share work's section in; by default, a link to its own page. ── */}
      {owner &&
        (collaborators ?? (
          <section
            aria-labelledby="birlikte-duzenle"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4"
          >
            <div>
              <h2 id="birlikte-duzenle" className="text-xl font-bold">
                Birlikte düzenle
              </h2>
              <p className="text-sm text-muted-foreground">
                Davet bağlantısıyla başkalarının da yapım eklemesine ve sırayı değiştirmesine izin
                verin.
              </p>
            </div>
            <Button variant="outline" asChild>
              <Link to={paths.listSharing(list.id)}>Düzenleyenler ve davetler</Link>
            </Button>
          </section>
        ))}

      {owner ? (
        <details className="rounded-xl border border-danger/40 p-4">
          <summary className="cursor-pointer font-medium text-danger select-none">
            Listeyi sil
          </summary>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="confirm" value="1" />
            <p className="text-sm">
              “{list.name}” ve içindeki {formatCount(list.itemCount)} yapım kalıcı olarak silinecek.
              Bu işlem geri alınamaz.
            </p>
            <Button type="submit" disabled={busy} className="bg-danger text-white">
              Evet, listeyi sil
            </Button>
          </Form>
        </details>
      ) : (
        <Form method="post" className="rounded-xl border p-4">
          <input type="hidden" name="intent" value="leave" />
          <p className="mb-3 text-sm text-muted-foreground">
            Listeden ayrılırsanız artık bu listeyi düzenleyemezsiniz.
          </p>
          <Button type="submit" variant="outline" disabled={busy}>
            Listeden ayrıl
          </Button>
        </Form>
      )}
    </div>
  );
}
