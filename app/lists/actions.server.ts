import type { CurrentUser } from "~/accounts/guards.server";
import { forSignedInUser } from "~/accounts/signed-in-form.server";
import type { TitleRef } from "~/catalogue/types";
import { answer, refusedWith, safeReturnTo, type FormAnswer } from "~/core/form-answer.server";
import { paths } from "~/core/paths";
import { LIST_LIMITS } from "~/db/lists-schema";
import type { LibraryServices } from "~/library/library-services.server";
import { formSchema, z } from "~/ui/zod";
import { announceList, overRateLimit } from "./list-changes.server";
import {
  createList,
  deleteList,
  itemOrder,
  listPageRefs,
  moveItem,
  removeEditor,
  removeItem,
  roleOn,
  setItemNote,
  updateList,
} from "./lists.server";
import {
  itemNote,
  LIMIT_MESSAGES,
  listFieldsSchema,
  listId as listIdSchema,
  listItemRef,
  NO_LIST,
} from "./schemas";

/*
 * Every list form (issue #25) for the session's person only: the list's id comes from the
 * address, the person from the session, and the role is checked in the query that writes
 * (lists.server.ts). With JavaScript (a fetcher sends js=1) the answer is data for a toast;
 * without, a redirect with the toast in a cookie. Name and description forms that are refused
 * are answered on their own page with what was typed. Nothing here is ever a 500.
 */

export interface ListAnswer extends FormAnswer {
  /** A refused name or description form: what was typed, so nothing is lost. */
  fields?: Record<string, string>;
  /** After a reorder: the list's items in the server's order (`type:id` keys). */
  order?: string[];
}

const TYPED_FIELDS = ["name", "description", "visibility"] as const;

/** A refused name/description form, answered on its page with what was typed. */
const refusedFields = (form: FormData, message: string) => refusedWith(form, TYPED_FIELDS, message);

/** /dashboard/listeler: "Yeni liste". Goes to the new list's page. */
export function createListAction(services: LibraryServices, request: Request) {
  const { db } = services.database;
  return forSignedInUser(services, request, async (user, form) => {
    const fields = listFieldsSchema.safeParse(Object.fromEntries(form));
    if (!fields.success) return refusedFields(form, fields.error.issues[0]!.message);
    const limited = await overRateLimit(services, user.id, "create");
    if (limited) return refusedFields(form, limited);
    const created = await createList(db, user.id, fields.data);
    if (!created.ok) return refusedFields(form, LIMIT_MESSAGES.lists);
    // A new list is private unless chosen otherwise; its page may still be in a cache as a 404.
    await announceList(services, created.id);
    return services.flash.redirect(paths.listEdit(created.id), "success", "Liste oluşturuldu");
  });
}

const itemSchema = formSchema(listItemRef);
const moveSchema = formSchema({
  ...listItemRef,
  direction: z.enum(["up", "down"], { error: "Geçersiz yön" }).optional(),
  position: z.coerce
    .number({ error: "Geçersiz sıra" })
    .int("Geçersiz sıra")
    .min(1, "Geçersiz sıra")
    .max(LIST_LIMITS.itemsPerList, "Geçersiz sıra")
    .optional(),
}).refine((value) => value.direction !== undefined || value.position !== undefined, {
  message: "Geçersiz sıra",
});
const noteSchema = formSchema({ ...listItemRef, note: itemNote });

const NOT_ON_LIST = "Bu yapım listede bulunamadı";
const DELETE_CONFIRM = "Silmek için kutuyu işaretleyip onaylayın";

/**
 * /dashboard/listeler/{id}: the list's own forms. Owner: name, description and visibility
 * ("update"), "delete" (with its confirmation box ticked). Owner and editors: "remove", "move"
 * (up, down, or to a position), "note". An editor: "leave". Another person's list, or one that
 * does not exist, is the same "Liste bulunamadı" for every form.
 */
export function listAction(services: LibraryServices, request: Request, rawListId: unknown) {
  const { db } = services.database;
  return forSignedInUser(services, request, async (user, form) => {
    const parsedId = listIdSchema.safeParse(rawListId);
    const intent = form.get("intent");
    if (!parsedId.success) return answer(services, form, notFound, paths.lists);
    const id = parsedId.data;
    // Back to the page of the list the form was on (`?sayfa=n`), never anywhere else.
    const returnTo = safeReturnTo(form.get("returnTo"));
    const back = returnTo.startsWith(`${paths.listEdit(id)}?`) ? returnTo : paths.listEdit(id);

    if (intent === "update") {
      const fields = listFieldsSchema.safeParse(Object.fromEntries(form));
      if (!fields.success) return refusedFields(form, fields.error.issues[0]!.message);
      const limited = await overRateLimit(services, user.id, "change");
      if (limited) return refusedFields(form, limited);
      if (!(await updateList(db, user.id, id, fields.data))) return refusedFields(form, NO_LIST);
      await announceList(services, id);
      return answer(services, form, { ok: true, message: "Liste kaydedildi" }, back);
    }
    if (intent === "delete") return deleteAction(user, form, id);
    if (intent === "leave") {
      const left = await removeEditor(db, user.id, id, user.id);
      if (!left) return answer(services, form, notFound, paths.lists);
      return answer(services, form, { ok: true, message: "Listeden ayrıldınız" }, paths.lists);
    }
    if (intent !== "remove" && intent !== "move" && intent !== "note")
      return answer(services, form, { ok: false, message: "Geçersiz işlem" }, back);

    const limited = await overRateLimit(services, user.id, "change");
    if (limited) return answer(services, form, { ok: false, message: limited }, back);
    const result = await itemChange(user, form, id, intent);
    if (result.ok) await announceList(services, id);
    // A place on the list the page may not know yet comes back with every reorder.
    const order = intent === "move" ? await itemOrder(db, user.id, id) : undefined;
    return answer(services, form, { ...result, order }, back);
  });

  async function deleteAction(user: CurrentUser, form: FormData, id: number) {
    if (form.get("confirm") !== "1")
      return answer(services, form, { ok: false, message: DELETE_CONFIRM }, paths.listEdit(id));
    // The pages to drop are named while the list (and its owner) can still be read.
    const refs = await listPageRefs(db, id);
    if (!(await deleteList(db, user.id, id))) return answer(services, form, notFound, paths.lists);
    await services.changes.changed(refs);
    return answer(services, form, { ok: true, message: "Liste silindi" }, paths.lists);
  }

  async function itemChange(
    user: CurrentUser,
    form: FormData,
    id: number,
    intent: "remove" | "move" | "note",
  ): Promise<{ ok: boolean; message: string }> {
    const fields = Object.fromEntries(form);
    // An item or list the person may not change reads the same as one that is not there.
    const missing = async () =>
      (await roleOn(db, id, user.id)) ? { ok: false, message: NOT_ON_LIST } : notFound;
    if (intent === "remove") {
      const parsed = itemSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
      const removed = await removeItem(db, user.id, id, ref(parsed.data));
      return removed ? { ok: true, message: "Listeden çıkarıldı" } : missing();
    }
    if (intent === "move") {
      const parsed = moveSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
      const { direction, position } = parsed.data;
      const to = position ?? { by: direction === "up" ? -1 : 1 };
      const moved = await moveItem(db, user.id, id, ref(parsed.data), to);
      return moved ? { ok: true, message: "Sıra güncellendi" } : missing();
    }
    const parsed = noteSchema.safeParse(fields);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
    const set = await setItemNote(db, user.id, id, ref(parsed.data), parsed.data.note);
    if (!set) return missing();
    return { ok: true, message: parsed.data.note ? "Not kaydedildi" : "Not silindi" };
  }
}

const notFound = { ok: false, message: NO_LIST } as const;

const ref = (value: { itemType: "movie" | "tv"; itemId: number }): TitleRef => ({
  type: value.itemType,
  id: value.itemId,
});
