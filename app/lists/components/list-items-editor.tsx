import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { useFetcher } from "react-router";
import { useImageUrl } from "~/catalogue/components/image-base";
import { Poster } from "~/catalogue/components/poster";
import { paths } from "~/core/paths";
import { LIST_LIMITS } from "~/db/lists-schema";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "~/ui/icons";
import { Link } from "~/ui/link";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import type { ListAnswer } from "../actions.server";
import type { ListItemView } from "../lists.server";
import { itemKey } from "../schemas";

/*
 * A list's items on its editing page, in order. Every row has up and down buttons that are plain
 * forms (they work without JavaScript). With JavaScript the rows can also be dragged by their
 * handle (mouse, pen and touch alike, through pointer events) or moved from the keyboard (Space
 * on the handle picks the row up, the arrows move it, Space drops it, Escape puts it back).
 * Moves show at once; they are sent one after another, so none is lost however fast they come,
 * and after the last one the page shows the server's order. A move the server refused puts the
 * rows back in the server's order with a toast.
 */

type Move = { key: string; position: number };
type Carried = { key: string; from: number; by: "pointer" | "key" };

const itemName = (item: ListItemView) =>
  item.title ?? (item.type === "movie" ? `Film #${item.id}` : `Dizi #${item.id}`);

/** Sends queued moves one at a time; the answer of the last one is the order to show. */
function useMoveQueue(action: string, serverOrder: string[]) {
  const fetcher = useFetcher<ListAnswer>({ key: `list-moves-${action}` });
  const [order, setOrder] = useState(serverOrder);
  const queue = useRef<Move[]>([]);
  const sent = useRef<number | null>(null);

  // The loader's order (after a revalidation) wins while nothing is on its way.
  useEffect(() => {
    if (queue.current.length === 0 && sent.current === null) setOrder(serverOrder);
  }, [serverOrder]);

  const sendNext = useCallback(() => {
    const next = queue.current.shift();
    if (!next) return;
    const [type, id] = next.key.split(":");
    sent.current = Date.now();
    void fetcher.submit(
      {
        intent: "move",
        itemType: type!,
        itemId: id!,
        position: String(next.position),
        js: "1",
      },
      { method: "post", action },
    );
  }, [action, fetcher]);

  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || sent.current === null || !answer) return;
    if (answer.at < sent.current) return;
    sent.current = null;
    if (!answer.ok) {
      toast.error(answer.message, { id: `list-move-${answer.at}` });
      // The refused move goes back: the server's order, with the moves still waiting on top.
      if (answer.order) setOrder(applyMoves(answer.order, queue.current));
    } else if (queue.current.length === 0 && answer.order) {
      setOrder(answer.order);
    }
    sendNext();
  }, [fetcher.state, answer, sendNext]);

  const move = useCallback(
    (key: string, position: number, shown: string[]) => {
      queue.current.push({ key, position });
      setOrder(shown);
      if (sent.current === null) sendNext();
    },
    [sendNext],
  );
  return { order, setOrder, move };
}

function moved(order: string[], key: string, position: number): string[] {
  const rest = order.filter((other) => other !== key);
  const index = Math.min(Math.max(position - 1, 0), rest.length);
  return [...rest.slice(0, index), key, ...rest.slice(index)];
}

const applyMoves = (order: string[], moves: Move[]) =>
  moves.reduce((current, next) => moved(current, next.key, next.position), order);

/**
 * `items`: a page of the list, the first at place `offset + 1` of `total`; `returnTo`: that
 * page's address, where a form posted without JavaScript comes back.
 */
export function ListItemsEditor({
  listId,
  items,
  offset,
  total,
  returnTo,
}: {
  listId: number;
  items: ListItemView[];
  offset: number;
  total: number;
  returnTo: string;
}) {
  const hydrated = useHydrated();
  const action = paths.listEdit(listId);
  const byKey = useMemo(() => new Map(items.map((item) => [itemKey(item), item])), [items]);
  const serverOrder = useMemo(() => items.map(itemKey), [items]);
  const { order, setOrder, move } = useMoveQueue(action, serverOrder);
  const shown = order.filter((key) => byKey.has(key));
  const listRef = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState("");

  // A row being dragged or carried from the keyboard: where it started, in the order then.
  const [carried, setCarried] = useState<Carried>();

  // The handlers read the page's state through this, so they stay the same functions and the
  // rows (memoised) do not all render again on every step of a drag.
  const live = useRef({ shown, carried, byKey, move, setOrder, offset, total });
  useEffect(() => {
    live.current = { shown, carried, byKey, move, setOrder, offset, total };
  });

  const handlers = useMemo(() => {
    const rowOf = (key: string) =>
      listRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) ?? null;
    const keyOf = (element: Element) =>
      element.closest<HTMLElement>("[data-key]")?.dataset.key ?? "";
    const nameOf = (key: string) => {
      const item = live.current.byKey.get(key);
      return item ? itemName(item) : "";
    };
    const carry = (next: Carried | undefined) => {
      live.current.carried = next;
      setCarried(next);
    };
    // Moves the row by one place in the shown order and returns the new order.
    const step = (key: string, by: -1 | 1) => {
      const { shown } = live.current;
      const to = shown.indexOf(key) + by;
      if (to < 0 || to >= shown.length) return shown;
      const next = moved(shown, key, to + 1);
      live.current.shown = next;
      live.current.setOrder(next);
      return next;
    };
    const finish = (key: string, from: number) => {
      const { shown } = live.current;
      carry(undefined);
      const to = shown.indexOf(key);
      const place = live.current.offset + to + 1;
      setAnnouncement(`${nameOf(key)} ${place}. sıraya bırakıldı.`);
      if (to !== from) live.current.move(key, place, shown);
    };
    const cancel = () => {
      const { carried, shown } = live.current;
      if (!carried) return;
      const back = moved(shown, carried.key, carried.from + 1);
      live.current.shown = back;
      live.current.setOrder(back);
      carry(undefined);
      setAnnouncement("Taşıma iptal edildi.");
    };
    const middle = (row: HTMLElement | null) => {
      if (!row) return null;
      const box = row.getBoundingClientRect();
      return box.top + box.height / 2;
    };

    const handle: HandleEvents = {
      onPointerDown(event) {
        if (event.button !== 0 || live.current.carried) return;
        event.preventDefault();
        const key = keyOf(event.currentTarget);
        const pointer = event.pointerId;
        carry({ key, from: live.current.shown.indexOf(key), by: "pointer" });
        // The window follows the pointer, not the handle: React moves the dragged row in the
        // page as it passes others, and a moved element loses a pointer capture.
        const onMove = (move: globalThis.PointerEvent) => {
          if (move.pointerId !== pointer) return;
          const { shown } = live.current;
          const index = shown.indexOf(key);
          const y = move.clientY;
          // Past the middle of the row above or below: the row takes its place.
          const above = index > 0 ? middle(rowOf(shown[index - 1]!)) : null;
          const below = index < shown.length - 1 ? middle(rowOf(shown[index + 1]!)) : null;
          if (above !== null && y < above) step(key, -1);
          else if (below !== null && y > below) step(key, 1);
          // Near the window's edge the page scrolls (touch cannot scroll it during a drag).
          const edge = 56;
          if (y < edge) window.scrollBy(0, -16);
          else if (y > window.innerHeight - edge) window.scrollBy(0, 16);
        };
        const onEnd = (end: globalThis.PointerEvent) => {
          if (end.pointerId !== pointer) return;
          window.removeEventListener("pointermove", onMove);
          window.removeEventListener("pointerup", onEnd);
          window.removeEventListener("pointercancel", onEnd);
          const { carried } = live.current;
          if (carried?.by !== "pointer") return;
          if (end.type === "pointerup") finish(carried.key, carried.from);
          else cancel();
        };
        window.addEventListener("pointermove", onMove);
        window.addEventListener("pointerup", onEnd);
        window.addEventListener("pointercancel", onEnd);
      },
      onKeyDown(event) {
        const key = keyOf(event.currentTarget);
        const { carried, shown } = live.current;
        const holding = carried?.key === key && carried.by === "key";
        if (event.key === " " || event.key === "Enter") {
          event.preventDefault();
          if (holding) return finish(key, carried.from);
          carry({ key, from: shown.indexOf(key), by: "key" });
          setAnnouncement(
            `${nameOf(key)} alındı, ${live.current.offset + shown.indexOf(key) + 1}. sırada. Yukarı ve aşağı oklarla taşıyın, bırakmak için Boşluk, vazgeçmek için Escape.`,
          );
        } else if (holding && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
          event.preventDefault();
          const next = step(key, event.key === "ArrowUp" ? -1 : 1);
          setAnnouncement(`${nameOf(key)}: ${live.current.offset + next.indexOf(key) + 1}. sıra.`);
          // The row moved in the page: its handle keeps the focus.
          requestAnimationFrame(() =>
            rowOf(key)?.querySelector<HTMLButtonElement>("[data-handle]")?.focus(),
          );
        } else if (holding && event.key === "Escape") {
          event.preventDefault();
          cancel();
        }
      },
      onBlur(event) {
        const { carried } = live.current;
        // Focus leaving while carried from the keyboard (not the row's own re-focus) puts it back.
        if (
          carried?.by === "key" &&
          keyOf(event.currentTarget) === carried.key &&
          event.relatedTarget
        )
          cancel();
      },
    };
    // The up and down buttons with JavaScript: the same queue as a drag.
    const onStep = (key: string, by: -1 | 1) => {
      const from = live.current.shown.indexOf(key);
      const next = step(key, by);
      const to = next.indexOf(key);
      const { offset, total } = live.current;
      if (to !== from) live.current.move(key, offset + to + 1, next);
      // The first or last row of a page goes on to the next page's place: the server moves it
      // and the page's data, read again after the move, shows what is on the page now.
      else if (offset + from + 1 + by >= 1 && offset + from + 1 + by <= total)
        live.current.move(key, offset + from + 1 + by, next);
    };
    return { handle, onStep };
  }, []);

  if (shown.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        Bu listede henüz yapım yok. Film ve dizi sayfalarındaki “Listeye ekle…” düğmesiyle
        ekleyebilirsiniz.
      </p>
    );

  return (
    <>
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
      {hydrated && (
        <p className="text-sm text-muted-foreground">
          Sırayı değiştirmek için tutamaçtan sürükleyin ya da oklarla taşıyın.
        </p>
      )}
      <ol ref={listRef} aria-label="Listedeki yapımlar" className="space-y-2">
        {shown.map((key, index) => (
          <ItemRow
            key={key}
            item={byKey.get(key)!}
            position={offset + index + 1}
            last={offset + index + 1 === total}
            returnTo={returnTo}
            action={action}
            hydrated={hydrated}
            carried={carried?.key === key}
            handle={handlers.handle}
            onStep={handlers.onStep}
          />
        ))}
      </ol>
    </>
  );
}

interface HandleEvents {
  onPointerDown(event: PointerEvent<HTMLButtonElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  onBlur(event: FocusEvent<HTMLButtonElement>): void;
}

const ItemRow = memo(function ItemRow({
  item,
  position,
  last,
  action,
  returnTo,
  hydrated,
  carried,
  handle,
  onStep,
}: {
  item: ListItemView;
  position: number;
  last: boolean;
  action: string;
  returnTo: string;
  hydrated: boolean;
  carried: boolean;
  handle: HandleEvents;
  onStep(key: string, by: -1 | 1): void;
}) {
  const image = useImageUrl();
  const key = itemKey(item);
  const name = itemName(item);
  const href = paths.title(item.type, { id: item.id, name: item.title ?? "", date: item.date });
  const remover = useFetcher<ListAnswer>();
  const noter = useFetcher<ListAnswer>();
  useToastOf(remover.data);
  useToastOf(noter.data);
  // Gone at once when removed; back if the server refused.
  if (remover.state !== "idle" || remover.data?.ok) return null;

  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemType" value={item.type} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated && <input type="hidden" name="js" value="1" />}
    </>
  );
  const stepButton = (by: -1 | 1) => (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onStep(key, by);
      }}
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="itemType" value={item.type} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="direction" value={by < 0 ? "up" : "down"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        disabled={by < 0 ? position === 1 : last}
        aria-label={`${name}: ${by < 0 ? "yukarı taşı" : "aşağı taşı"}`}
        className="size-9"
      >
        {by < 0 ? <ArrowUp className="size-4" /> : <ArrowDown className="size-4" />}
      </Button>
    </form>
  );

  return (
    <li
      data-key={key}
      className={cn(
        "flex gap-3 rounded-xl border bg-card p-2 sm:p-3",
        carried && "relative z-10 border-primary shadow-lg ring-2 ring-primary",
      )}
    >
      <div className="flex shrink-0 flex-col items-center justify-center gap-1">
        <span className="w-8 text-center text-sm font-bold text-muted-foreground tabular-nums">
          {position}
        </span>
        {hydrated && (
          <button
            type="button"
            data-handle
            aria-label={`${name}: sürükleyerek ya da Boşluk ve oklarla taşı`}
            aria-pressed={carried}
            className="flex size-9 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground select-none hover:bg-muted active:cursor-grabbing"
            {...handle}
          >
            <GripVertical className="size-5" />
          </button>
        )}
      </div>
      <Link to={href} className="w-14 shrink-0 sm:w-16" tabIndex={-1} aria-hidden>
        <Poster src={image("w200", item.posterPath)} alt={name} className="rounded-md" />
      </Link>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h3 className="font-semibold break-words">
            <Link to={href} className="hover:text-primary">
              {name}
            </Link>
          </h3>
          <span className="text-xs text-muted-foreground">
            {item.type === "movie" ? "Film" : "Dizi"}
            {item.date ? ` · ${item.date.slice(0, 4)}` : ""}
          </span>
        </div>
        <details className="group text-sm">
          <summary className="cursor-pointer text-muted-foreground select-none hover:text-foreground">
            {item.note ? (
              <span className="whitespace-pre-line text-foreground">{item.note}</span>
            ) : (
              "Not ekle"
            )}
          </summary>
          <noter.Form method="post" action={action} className="mt-2 space-y-2">
            {hidden("note")}
            <label className="block space-y-1">
              <span className="sr-only">{name} için not</span>
              <textarea
                name="note"
                rows={2}
                maxLength={LIST_LIMITS.noteMax}
                defaultValue={item.note ?? ""}
                className="block w-full rounded-lg border bg-background px-3 py-2 text-base outline-none focus:border-primary sm:text-sm"
              />
            </label>
            <Button type="submit" variant="secondary" disabled={noter.state !== "idle"}>
              Notu kaydet
            </Button>
          </noter.Form>
        </details>
      </div>
      <div className="flex shrink-0 flex-col items-center gap-1">
        {stepButton(-1)}
        {stepButton(1)}
        <remover.Form method="post" action={action}>
          {hidden("remove")}
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            aria-label={`${name}: listeden çıkar`}
            className="size-9 text-danger"
          >
            <Trash2 className="size-4" />
          </Button>
        </remover.Form>
      </div>
    </li>
  );
});

function useToastOf(answer: ListAnswer | undefined) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message, { id: `list-${answer.at}` });
    else toast.error(answer.message, { id: `list-${answer.at}` });
  }, [answer]);
}
