import { Form, useActionData, useNavigation } from "react-router";
import { formatCount } from "~/core/format";
import { paths } from "~/core/paths";
import { LIST_LIMITS } from "~/db/lists-schema";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { Globe, Link2, Lock, Users } from "~/ui/icons";
import { Link } from "~/ui/link";
import type { ListAnswer } from "../actions.server";
import type { ListSummary } from "../lists.server";
import { VISIBILITY_LABELS } from "../schemas";
import { formatChangedOn } from "./list-dates";
import { ListFields, typedListValues } from "./list-fields";

const VISIBILITY_ICONS = { private: Lock, unlisted: Link2, public: Globe } as const;

function ListRow({ list }: { list: ListSummary }) {
  const Icon = VISIBILITY_ICONS[list.visibility];
  return (
    <li className="rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 font-semibold break-words">
          <Link to={paths.listEdit(list.id)} className="hover:text-primary">
            {list.name}
          </Link>
        </h3>
        <span className="text-sm text-muted-foreground">{formatCount(list.itemCount)} yapım</span>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Icon className="size-3.5" aria-hidden />
          {VISIBILITY_LABELS[list.visibility]}
        </span>
        {list.role === "editor" && (
          <span className="inline-flex items-center gap-1 text-primary">
            <Users className="size-3.5" aria-hidden />
            Birlikte düzenliyorsunuz
          </span>
        )}
        <span>
          Son değişiklik:{" "}
          <time dateTime={list.updatedAt.toISOString()}>{formatChangedOn(list.updatedAt)}</time>
        </span>
      </p>
    </li>
  );
}

/** /dashboard/listeler: the person's lists, those they edit, and "Yeni liste". */
export function ListsPage({ lists }: { lists: ListSummary[] }) {
  const refused = useActionData<ListAnswer>();
  const busy = useNavigation().state === "submitting";
  const values = typedListValues(refused?.ok === false ? refused.fields : undefined, {
    name: "",
    description: "",
    visibility: "private",
  });
  const owned = lists.filter((list) => list.role === "owner");
  const edited = lists.filter((list) => list.role === "editor");
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <Breadcrumb
        items={[
          { label: "Ana Sayfa", to: "/" },
          { label: "Dashboard", to: paths.dashboard },
          { label: "Listelerim" },
        ]}
      />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">Listelerim</h1>
        <p className="text-sm text-muted-foreground">
          {owned.length} / {LIST_LIMITS.listsPerPerson} liste
        </p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          <section aria-labelledby="listelerim" className="space-y-3">
            <h2 id="listelerim" className="sr-only">
              Listelerim
            </h2>
            {owned.length === 0 ? (
              <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
                Henüz bir listeniz yok. İlk listenizi “Liste oluştur” formuyla oluşturun.
              </p>
            ) : (
              <ul className="space-y-3">
                {owned.map((list) => (
                  <ListRow key={list.id} list={list} />
                ))}
              </ul>
            )}
          </section>
          {edited.length > 0 && (
            <section aria-labelledby="birlikte" className="space-y-3">
              <h2 id="birlikte" className="text-xl font-bold">
                Birlikte düzenlediklerim
              </h2>
              <ul className="space-y-3">
                {edited.map((list) => (
                  <ListRow key={list.id} list={list} />
                ))}
              </ul>
            </section>
          )}
        </div>
        <section
          aria-labelledby="yeni-liste"
          className="h-fit space-y-4 rounded-xl border bg-card p-4"
        >
          <h2 id="yeni-liste" className="text-xl font-bold">
            Yeni liste
          </h2>
          <Form method="post" noValidate className="space-y-4">
            {refused?.ok === false && (
              <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
                {refused.message}
              </p>
            )}
            <ListFields key={refused?.at ?? "new"} values={values} idPrefix="new-list" />
            <Button type="submit" disabled={busy} className="w-full">
              Liste oluştur
            </Button>
          </Form>
        </section>
      </div>
    </div>
  );
}
