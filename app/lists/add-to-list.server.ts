import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { getOptionalUser } from "~/accounts/guards.server";
import { forSignedInUser } from "~/accounts/signed-in-form.server";
import { recordTitleFacts } from "~/catalogue/title-facts.server";
import type { TitleRef } from "~/catalogue/types";
import { answer, type FormAnswer } from "~/core/form-answer.server";
import { paths } from "~/core/paths";
import type { Database } from "~/db/client.server";
import { titleFacts } from "~/db/history-schema";
import { lists } from "~/db/lists-schema";
import { overCatalogueBudget } from "~/library/catalogue-budget.server";
import { NO_SUCH_ITEM } from "~/library/library-actions.server";
import type { LibraryServices } from "~/library/library-services.server";
import { formSchema, z } from "~/ui/zod";
import { announceList, overRateLimit } from "./list-changes.server";
import { addItem, createList, pickerLists, removeItem, roleOn } from "./lists.server";
import { LIMIT_MESSAGES, listId as listIdSchema, listItemRef, listName, NO_LIST } from "./schemas";

/*
 * "Listeye ekle…" (issue #25): from a film's or a series' page and from search results, the
 * signed-in person puts the title on one of the lists they may change (their own, or one they
 * edit), takes it off again, or makes a new list with the title on it. The person is always the
 * session's user, never a form field; the role is checked by the domain in the query that
 * writes. With JavaScript (js=1) the answer is data for the picker and a toast; without, a
 * redirect back with the toast in a cookie (or, for a new list's name that was refused, the
 * page again with the name as typed).
 */

/** The picker's answer: which list changed and whether it now holds the title. */
export type AddToListAnswer = FormAnswer & {
  listId?: number;
  hasItem?: boolean;
  /** A new list's name that was refused, as typed, so nothing is lost. */
  name?: string;
};

const itemSchema = formSchema(listItemRef);
const toggleSchema = formSchema({ ...listItemRef, listId: listIdSchema });
const createSchema = formSchema({ ...listItemRef, name: listName });

/** The title's name as the list pages keep it (its facts), for the messages. */
async function titleName(db: Database, item: TitleRef): Promise<string> {
  const [row] = await db
    .select({ title: titleFacts.title })
    .from(titleFacts)
    .where(and(eq(titleFacts.itemType, item.type), eq(titleFacts.itemId, item.id)));
  return row?.title ?? "Yapım";
}

async function nameOfList(db: Database, listId: number): Promise<string> {
  const [row] = await db.select({ name: lists.name }).from(lists).where(eq(lists.id, listId));
  return row?.name ?? "";
}

/** POST /listeye-ekle: intent "add", "remove" (the picker's check marks) or "create". */
export function addToListAction(services: LibraryServices, request: Request) {
  const { db } = services.database;
  return forSignedInUser(services, request, async (user, form) => {
    const reply = (result: Omit<AddToListAnswer, "at">) => answer(services, form, result);
    const intent = form.get("intent");
    const fields = Object.fromEntries(form);

    if (intent === "create") {
      const parsed = createSchema.safeParse(fields);
      const typed = String(form.get("name") ?? "").slice(0, 200);
      // A refused name comes back to be corrected, with or without JavaScript: data for the
      // picker, or (the form of the page itself) the page again with the name as typed.
      const refused = (message: string) =>
        data<AddToListAnswer>({ ok: false, message, name: typed, at: Date.now() }, { status: 400 });
      if (!parsed.success) return refused(parsed.error.issues[0]!.message);
      // The same allowances as the list pages' forms (list-changes.server.ts), counted together.
      const limited = await overRateLimit(services, user.id, "create");
      if (limited) return refused(limited);
      const item = { type: parsed.data.itemType, id: parsed.data.itemId };
      const spent = await overCatalogueBudget(db, user.id);
      if (spent) return refused(spent);
      if (!(await recordTitleFacts(services, item))) return refused(NO_SUCH_ITEM);
      const created = await createList(db, user.id, {
        name: parsed.data.name,
        description: null,
        visibility: "private",
      });
      if (!created.ok) return refused(LIMIT_MESSAGES.lists);
      await addItem(db, user.id, created.id, item);
      await announceList(services, created.id);
      return reply({
        ok: true,
        message: `“${await titleName(db, item)}” listeye eklendi: ${parsed.data.name}`,
        listId: created.id,
        hasItem: true,
      });
    }

    const parsed = toggleSchema.safeParse(fields);
    if (!parsed.success) {
      const message = itemSchema.safeParse(fields).success ? NO_LIST : NO_SUCH_ITEM;
      return reply({ ok: false, message });
    }
    const { listId } = parsed.data;
    const item = { type: parsed.data.itemType, id: parsed.data.itemId };
    const limited = await overRateLimit(services, user.id, "change");
    if (limited) return reply({ ok: false, message: limited, listId });

    if (intent === "remove") {
      const removed = await removeItem(db, user.id, listId, item);
      if (!removed) {
        // Not there to take: either the list is not theirs, or the title was already off it.
        if ((await roleOn(db, listId, user.id)) === null)
          return reply({ ok: false, message: NO_LIST });
        return reply({ ok: true, message: "Zaten bu listede değil", listId, hasItem: false });
      }
      await announceList(services, listId);
      const [title, name] = await Promise.all([titleName(db, item), nameOfList(db, listId)]);
      return reply({
        ok: true,
        message: `“${title}” listeden çıkarıldı: ${name}`,
        listId,
        hasItem: false,
      });
    }

    // Checked before the catalogue is asked: a list that is not theirs costs nothing more.
    if ((await roleOn(db, listId, user.id)) === null) return reply({ ok: false, message: NO_LIST });
    const spent = await overCatalogueBudget(db, user.id);
    if (spent) return reply({ ok: false, message: spent, listId });
    if (!(await recordTitleFacts(services, item)))
      return reply({ ok: false, message: NO_SUCH_ITEM, listId });
    const outcome = await addItem(db, user.id, listId, item);
    if (outcome === "not-found") return reply({ ok: false, message: NO_LIST });
    if (outcome === "limit") return reply({ ok: false, message: LIMIT_MESSAGES.items, listId });
    if (outcome === "already")
      return reply({ ok: true, message: "Zaten bu listede", listId, hasItem: true });
    await announceList(services, listId);
    const [title, name] = await Promise.all([titleName(db, item), nameOfList(db, listId)]);
    return reply({
      ok: true,
      message: `“${title}” listeye eklendi: ${name}`,
      listId,
      hasItem: true,
    });
  });
}

/** `?tur=movie&id=603`: the title whose lists the picker shows. */
const pickerQuery = z.object({
  tur: z.enum(["movie", "tv"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * GET /listeye-ekle?tur=…&id=…: the title and the person's editable lists, with a check for
 * those holding it. The hydrated picker loads it when it opens; without JavaScript it is a
 * small page of plain forms. Private and never stored: it is one person's.
 */
export async function addToListChoices(services: LibraryServices, request: Request, url: URL) {
  const query = pickerQuery.safeParse({
    tur: url.searchParams.get("tur"),
    id: url.searchParams.get("id"),
  });
  if (!query.success) throw data(null, { status: 404 });
  const user = await getOptionalUser(request, services);
  if (!user) throw await services.flash.redirect(paths.auth, "error", "Lütfen giriş yapın");
  const item: TitleRef = { type: query.data.tur, id: query.data.id };
  const [title, choices] = await Promise.all([
    item.type === "movie"
      ? services.catalogue
          .movie(item.id)
          .then((movie) => movie && { name: movie.title, date: movie.releaseDate })
      : services.catalogue
          .series(item.id)
          .then((series) => series && { name: series.name, date: series.firstAirDate }),
    pickerLists(services.database.db, user.id, item),
  ]);
  if (!title) throw data(null, { status: 404 });
  return {
    item: { ...item, ...title, href: paths.title(item.type, { id: item.id, ...title }) },
    lists: choices.map((list) => ({
      id: list.id,
      name: list.name,
      role: list.role,
      itemCount: list.itemCount,
      hasItem: list.hasItem,
    })),
  };
}

export type AddToListChoices = Awaited<ReturnType<typeof addToListChoices>>;
