import { Popover } from "radix-ui";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { TitleRef } from "~/catalogue/types";
import { paths } from "~/core/paths";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Check, Loader2, Plus } from "~/ui/icons";
import { toast } from "~/ui/toast";
import type { AddToListAnswer, AddToListChoices } from "../add-to-list.server";
import { ListChoiceLabel } from "./list-choice";

type Choice = AddToListChoices["lists"][number];

const showAnswer = (answer: AddToListAnswer) =>
  answer.ok
    ? toast.success(answer.message, { id: `list-${answer.at}` })
    : toast.error(answer.message, { id: `list-${answer.at}` });

/**
 * One list of the picker. A tap turns the check mark at once and the change is sent; taps that
 * come while a change is on its way are not lost: when it is answered, the row sends the state
 * last asked for if that differs from the confirmed one. So however fast the taps, the list ends
 * the way the mark shows, and each request says "add" or "remove", never "toggle".
 */
function ChoiceRow({ item, choice }: { item: TitleRef; choice: Choice }) {
  const fetcher = useFetcher<AddToListAnswer>();
  const [wanted, setWanted] = useState(choice.hasItem);
  const confirmed = useRef(choice.hasItem);
  const handled = useRef<number | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const answer = fetcher.data;
    if (answer && handled.current !== answer.at) {
      handled.current = answer.at;
      if (!answer.ok) {
        // Refused (a limit, a list gone): the mark goes back to what is true.
        showAnswer(answer);
        setWanted(confirmed.current);
        return;
      }
      if (answer.hasItem !== undefined) confirmed.current = answer.hasItem;
      // Only the answer that settles the row is shown, not one per tap.
      if (wanted === confirmed.current) showAnswer(answer);
    }
    if (wanted === confirmed.current) return;
    void fetcher.submit(
      {
        intent: wanted ? "add" : "remove",
        listId: String(choice.id),
        itemType: item.type,
        itemId: String(item.id),
        js: "1",
      },
      { method: "post", action: paths.addToList },
    );
  }, [fetcher, wanted, choice.id, item.type, item.id]);

  return (
    <li>
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={wanted}
        onClick={() => setWanted((value) => !value)}
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
      >
        <Check
          className={cn("size-4 shrink-0 text-primary", wanted ? "opacity-100" : "opacity-0")}
          aria-hidden
        />
        <ListChoiceLabel choice={choice} />
      </button>
    </li>
  );
}

/** "Yeni liste…": a name, and the title goes on the new list. A refused name stays typed. */
function NewListForm({ item, onCreated }: { item: TitleRef; onCreated: () => void }) {
  const fetcher = useFetcher<AddToListAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const handled = useRef<number | null>(null);
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || handled.current === answer.at) return;
    handled.current = answer.at;
    showAnswer(answer);
    if (answer.ok) {
      form.current?.reset();
      onCreated();
    }
  }, [fetcher.state, answer, onCreated]);
  const error = answer && !answer.ok && fetcher.state === "idle" ? answer.message : null;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={paths.addToList}
      className="space-y-2 border-t p-2"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="itemType" value={item.type} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="js" value="1" />
      <label className="block space-y-1">
        <span className="text-xs font-medium text-muted-foreground">Yeni liste…</span>
        <span className="flex gap-2">
          <input
            name="name"
            placeholder="Liste adı"
            maxLength={200}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            className="h-10 min-w-0 flex-1 rounded-lg border bg-card px-3 text-base outline-none focus:border-primary sm:text-sm"
          />
          <Button type="submit" size="md" disabled={fetcher.state !== "idle"}>
            <Plus className="size-4" aria-hidden />
            Oluştur
          </Button>
        </span>
      </label>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}

/** The hydrated "Listeye ekle…" (add-to-list-button.tsx): the person's lists, loaded on open. */
export default function AddToListPicker({
  item,
  className,
  title,
  children,
}: {
  item: TitleRef;
  className: string;
  title?: string;
  children: ReactNode;
}) {
  const choices = useFetcher<AddToListChoices>();
  const content = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // The rows show once the load made on opening is answered, and then stay mounted while the
  // popover is open: a page revalidation after a tap refreshes the data, not the rows' state.
  const [ready, setReady] = useState(false);
  const loading = useRef(false);
  useEffect(() => {
    if (choices.state === "loading") loading.current = true;
    else if (loading.current) {
      loading.current = false;
      setReady(true);
    }
  }, [choices.state]);
  const load = useCallback(() => void choices.load(paths.addToListChoices(item)), [choices, item]);
  const data = ready ? choices.data : undefined;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Fresh each time it opens: another tab or an editor may have changed the lists.
        if (next) {
          setReady(false);
          load();
        }
      }}
    >
      <Popover.Trigger className={className} title={title} aria-haspopup="dialog">
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={8}
          collisionPadding={12}
          ref={content}
          aria-label="Listeye ekle"
          tabIndex={-1}
          // The popover itself takes the focus, not the name field: on a phone that would open
          // the keyboard over the lists. Tab goes on to the lists and the field.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          className="z-50 w-[min(22rem,calc(100vw-24px))] rounded-lg border bg-background shadow-xl outline-none"
        >
          <p className="px-3 pt-3 pb-1 text-sm font-semibold">Listeye ekle</p>
          {!data ? (
            <p className="flex items-center gap-2 px-3 py-4 text-sm text-muted-foreground">
              <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden />
              Listeleriniz yükleniyor…
            </p>
          ) : data.lists.length === 0 ? (
            <p className="px-3 py-3 text-sm text-muted-foreground">
              Henüz bir listeniz yok. Aşağıya bir ad yazın, bu yapımla birlikte oluşturalım.
            </p>
          ) : (
            <ul role="menu" aria-label="Listeleriniz" className="max-h-72 overflow-y-auto p-1">
              {data.lists.map((choice) => (
                <ChoiceRow key={choice.id} item={item} choice={choice} />
              ))}
            </ul>
          )}
          <NewListForm item={item} onCreated={load} />
          <p className="border-t px-3 py-2 text-right text-xs">
            <a href={paths.lists} className="text-primary hover:underline">
              Listelerim
            </a>
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
