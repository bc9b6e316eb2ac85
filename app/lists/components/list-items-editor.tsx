import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type Over,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  hasSortableData,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
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
 * or Enter on the handle picks the row up, the arrows move it, Space or Enter drops it, Escape
 * puts it back): dnd-kit (decision 009) does the dragging and speaks to screen readers in the
 * words below. Moves show at once; they are sent one after another, so none is lost however
 * fast they come, and after the last one the page shows the server's order. A move the server
 * refused puts the rows back in the server's order with a toast.
 */

type Move = { key: string; position: number };

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

  /** Shows `shown` at once and queues the move that makes it: `key` to `position` in the list. */
  const move = useCallback(
    (key: string, position: number, shown: string[]) => {
      queue.current.push({ key, position });
      setOrder(shown);
      if (sent.current === null) sendNext();
    },
    [sendNext],
  );
  return { order, move };
}

function moved(order: string[], key: string, position: number): string[] {
  const rest = order.filter((other) => other !== key);
  const index = Math.min(Math.max(position - 1, 0), rest.length);
  return [...rest.slice(0, index), key, ...rest.slice(index)];
}

const applyMoves = (order: string[], moves: Move[]) =>
  moves.reduce((current, next) => moved(current, next.key, next.position), order);

/** The rows move only up and down, whatever the pointer does sideways. */
const VERTICAL: Modifier[] = [({ transform }) => ({ ...transform, x: 0 })];
/** The page scrolls only when a row is held near the window's edge (7% of its height). */
const AUTO_SCROLL = { threshold: { x: 0, y: 0.07 } };

/** Where a row stood on the page when the drag began (0 for the first). */
const indexOf = (entry: Active | Over) =>
  hasSortableData(entry) ? entry.data.current.sortable.index : 0;

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    "Taşımak için Boşluk ya da Enter tuşuna basın. Yukarı ve aşağı oklarla yerini seçin, bırakmak için yeniden Boşluk ya da Enter'a, vazgeçmek için Escape'e basın.",
};

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
  const { order, move } = useMoveQueue(action, serverOrder);
  const shown = useMemo(() => order.filter((key) => byKey.has(key)), [order, byKey]);
  const contextId = useId();
  const sensors = useSensors(
    // A few pixels of travel before a drag begins: a tap on the handle is not a move.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // The handlers read the page's state through this, so they stay the same functions and the
  // rows (memoised) do not all render again when one is moved with its buttons.
  const live = useRef({ shown, byKey, move, offset, total });
  useEffect(() => {
    live.current = { shown, byKey, move, offset, total };
  });

  // The row under the dragged one: told only when it changes (at first it is its own place).
  const under = useRef<UniqueIdentifier | null>(null);
  const { announcements, onDragEnd, onStep } = useMemo(() => {
    const nameOf = (entry: Active | Over) => {
      const item = live.current.byKey.get(String(entry.id));
      return item ? itemName(item) : "";
    };
    const placeOf = (entry: Active | Over) => live.current.offset + indexOf(entry) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        under.current = active.id;
        return `${nameOf(active)} alındı, ${placeOf(active)}. sırada. Yukarı ve aşağı oklarla taşıyın, bırakmak için Boşluk, vazgeçmek için Escape.`;
      },
      onDragOver: ({ active, over }) => {
        if ((over?.id ?? null) === under.current) return undefined;
        under.current = over?.id ?? null;
        return over
          ? `${nameOf(active)}: ${placeOf(over)}. sıra.`
          : `${nameOf(active)} listenin dışında; bırakırsanız yerinde kalır.`;
      },
      onDragEnd: ({ active, over }) =>
        `${nameOf(active)} ${placeOf(over ?? active)}. sıraya bırakıldı.`,
      onDragCancel: ({ active }) =>
        `Taşıma iptal edildi. ${nameOf(active)} ${placeOf(active)}. sırada kaldı.`,
    };
    // Moves a row to a place on the page, shown at once and queued for the server.
    const put = (key: string, to: number) => {
      const { shown, offset } = live.current;
      const next = moved(shown, key, to + 1);
      live.current.shown = next;
      live.current.move(key, offset + to + 1, next);
    };
    const onDragEnd = ({ active, over }: DragEndEvent) => {
      if (over && over.id !== active.id) put(String(active.id), indexOf(over));
    };
    // The up and down buttons with JavaScript: the same queue as a drag.
    const onStep = (key: string, by: -1 | 1) => {
      const { shown, offset, total } = live.current;
      const to = shown.indexOf(key) + by;
      if (to >= 0 && to < shown.length) put(key, to);
      // The first or last row of a page goes on to the neighbouring page's place: the server
      // moves it and the page's data, read again after the move, shows what is on the page now.
      else if (offset + to + 1 >= 1 && offset + to + 1 <= total)
        live.current.move(key, offset + to + 1, shown);
    };
    return { announcements, onDragEnd, onStep };
  }, []);

  if (shown.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        Bu listede henüz yapım yok. Film ve dizi sayfalarındaki “Bir listeye ekle…” düğmesiyle
        ekleyebilirsiniz.
      </p>
    );

  return (
    <>
      {hydrated && (
        <p className="text-sm text-muted-foreground">
          Sırayı değiştirmek için tutamaçtan sürükleyin ya da oklarla taşıyın.
        </p>
      )}
      <DndContext
        id={contextId}
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={VERTICAL}
        autoScroll={AUTO_SCROLL}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      >
        <SortableContext items={shown} strategy={verticalListSortingStrategy}>
          <ol aria-label="Listedeki yapımlar" className="space-y-2">
            {shown.map((key, index) => (
              <ItemRow
                key={key}
                item={byKey.get(key)!}
                position={offset + index + 1}
                last={offset + index + 1 === total}
                returnTo={returnTo}
                action={action}
                hydrated={hydrated}
                onStep={onStep}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}

const ItemRow = memo(function ItemRow({
  item,
  position,
  last,
  action,
  returnTo,
  hydrated,
  onStep,
}: {
  item: ListItemView;
  position: number;
  last: boolean;
  action: string;
  returnTo: string;
  hydrated: boolean;
  onStep(key: string, by: -1 | 1): void;
}) {
  const image = useImageUrl();
  const key = itemKey(item);
  const name = itemName(item);
  const href = paths.title(item.type, { id: item.id, name: item.title ?? "", date: item.date });
  const remover = useFetcher<ListAnswer>();
  const noter = useFetcher<ListAnswer>();
  const {
    setNodeRef,
    setActivatorNodeRef,
    attributes,
    listeners,
    isDragging,
    transform,
    transition,
    index,
    activeIndex,
    overIndex,
  } = useSortable({ id: key, attributes: { roleDescription: "taşınabilir" } });
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
      ref={setNodeRef}
      data-key={key}
      // Set through the element's style property, which the Content-Security-Policy allows.
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "flex gap-3 rounded-xl border bg-card p-2 sm:p-3",
        isDragging && "relative z-10 border-primary shadow-lg ring-2 ring-primary",
      )}
    >
      <div className="flex shrink-0 flex-col items-center justify-center gap-1">
        <span className="w-8 text-center text-sm font-bold text-muted-foreground tabular-nums">
          {position + shownIndex(index, activeIndex, overIndex) - index}
        </span>
        {hydrated && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`${name}: sürükleyerek ya da Boşluk ve oklarla taşı`}
            className="flex size-9 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground select-none hover:bg-muted active:cursor-grabbing"
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

/** Where a row shows while another is dragged over the page (its index when nothing is). */
function shownIndex(index: number, activeIndex: number, overIndex: number) {
  if (activeIndex < 0 || overIndex < 0) return index;
  if (index === activeIndex) return overIndex;
  if (activeIndex < index && index <= overIndex) return index - 1;
  if (overIndex <= index && index < activeIndex) return index + 1;
  return index;
}

function useToastOf(answer: ListAnswer | undefined) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message, { id: `list-${answer.at}` });
    else toast.error(answer.message, { id: `list-${answer.at}` });
  }, [answer]);
}
