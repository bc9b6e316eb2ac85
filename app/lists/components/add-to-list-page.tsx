import { useLocation } from "react-router";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FormMessage } from "~/ui/field";
import { ArrowLeft, Check, Plus } from "~/ui/icons";
import type { AddToListAnswer, AddToListChoices } from "../add-to-list.server";
import { ListChoiceLabel } from "./list-choice";

/**
 * /listeye-ekle?tur=…&id=…: "Listeye ekle…" as a page of plain forms, for a browser without
 * JavaScript (the button is a link here). Each list is a button that adds the title or takes it
 * off; "Yeni liste" makes a list with the title on it. Every form comes back to this page with
 * a message; a refused name is shown again as typed.
 */
export function AddToListPage({
  data,
  answer,
}: {
  data: AddToListChoices;
  answer?: AddToListAnswer | null;
}) {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const item = data.item;
  const hidden = (
    <>
      <input type="hidden" name="itemType" value={item.type} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <a
        href={item.href}
        className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {item.name}
      </a>
      <h1 className="text-2xl font-bold">“{item.name}” listeye ekle</h1>
      {data.lists.length === 0 ? (
        <p className="text-muted-foreground">Henüz bir listeniz yok. Aşağıdan ilkini oluşturun.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {data.lists.map((choice) => (
            <li key={choice.id}>
              <form method="post" action={paths.addToListChoices(item)}>
                {hidden}
                <input type="hidden" name="listId" value={choice.id} />
                <button
                  type="submit"
                  name="intent"
                  value={choice.hasItem ? "remove" : "add"}
                  aria-pressed={choice.hasItem}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm hover:bg-muted"
                >
                  <Check
                    className={cn(
                      "size-4 shrink-0 text-primary",
                      choice.hasItem ? "opacity-100" : "opacity-0",
                    )}
                    aria-hidden
                  />
                  <ListChoiceLabel choice={choice} />
                  <span className="text-xs text-muted-foreground">
                    {choice.hasItem ? "Çıkar" : "Ekle"}
                  </span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form
        method="post"
        action={paths.addToListChoices(item)}
        className="space-y-3 rounded-lg border p-4"
      >
        {hidden}
        <input type="hidden" name="intent" value="create" />
        <label className="block space-y-1.5">
          <span className="text-sm font-medium">Yeni liste</span>
          <input
            name="name"
            required
            defaultValue={answer && !answer.ok ? answer.name : ""}
            placeholder="Örneğin: Yağmurlu pazar filmleri"
            aria-invalid={answer && !answer.ok ? true : undefined}
            className="block h-11 w-full rounded-lg border bg-card px-3 text-base outline-none focus:border-primary sm:text-sm"
          />
        </label>
        {answer && !answer.ok && <FormMessage tone="error">{answer.message}</FormMessage>}
        <Button type="submit">
          <Plus className="size-4" aria-hidden />
          Oluştur ve ekle
        </Button>
      </form>
      <p className="text-sm">
        <a href={paths.lists} className="text-primary hover:underline">
          Listelerim
        </a>
      </p>
    </div>
  );
}
