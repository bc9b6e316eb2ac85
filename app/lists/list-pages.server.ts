import { redirect } from "react-router";
import { getOptionalUser, type CurrentUser } from "~/accounts/guards.server";
import { metaDescription } from "~/core/format";
import { invariantResponse } from "~/core/invariant";
import { paths } from "~/core/paths";
import type { LibraryServices } from "~/library/library-services.server";
import { z } from "~/ui/zod";
import { listsOf, readList, type ListItemView, type ListView } from "./lists.server";
import { listId as listIdSchema } from "./schemas";

/*
 * The loaders of the list pages: a person's lists, one list's editing page (owner and editors)
 * and a list's own page. A list nobody may see here is a plain 404, the same as one that never
 * existed (a private list never hints that it exists).
 */

/** /dashboard/listeler: the lists the person owns, then those they edit. */
export async function loadListsPage(services: LibraryServices, user: CurrentUser) {
  return { lists: await listsOf(services.database.db, user.id) };
}

/** The list of an address's id, when the person is its owner or an editor; else a 404. */
async function editableList(services: LibraryServices, user: CurrentUser, rawId: unknown) {
  const id = listIdSchema.safeParse(rawId);
  invariantResponse(id.success);
  const list = await readList(services.database.db, id.data, user.id);
  invariantResponse(list && list.role);
  return { ...list, role: list.role };
}

/** /dashboard/listeler/{id}: the list with its items, for its owner and editors. */
export async function loadListEditPage(
  services: LibraryServices,
  user: CurrentUser,
  rawId: unknown,
) {
  const list = await editableList(services, user, rawId);
  return { list, path: paths.list(list) };
}

export type ListEditPageData = Awaited<ReturnType<typeof loadListEditPage>>;

/** `12-en-iyi-filmler` → 12; null when the address does not start with an id. */
function idOfSlug(slug: string | undefined): number | null {
  const match = /^(\d{1,15})(?:-|$)/.exec(slug ?? "");
  if (!match) return null;
  const id = listIdSchema.safeParse(match[1]);
  return id.success ? id.data : null;
}

/**
 * What a shared link previews when the list has no description of its own: how many titles,
 * and the first few by name (the meta description's 155 characters at most).
 */
function generatedDescription(list: ListView, firstItems: ListItemView[]): string {
  const count = list.itemCount;
  if (count === 0) return `${list.name}: Perde'de henüz boş bir liste.`;
  const names = firstItems
    .slice(0, 3)
    .map((item) => item.title)
    .filter((title): title is string => Boolean(title));
  const more = count > names.length ? " ve diğerleri" : "";
  const titles = names.length ? `: ${names.join(", ")}${more}` : "";
  return `Perde'de ${count.toLocaleString("tr-TR")} film ve diziden oluşan bir liste${titles}.`;
}

/** Items a page of a list's own page shows (Letterboxd's hundred, too). */
export const LIST_PAGE_SIZE = 100;

const pageParam = z.coerce.number().int().min(1).max(1_000).catch(0);

/**
 * /liste/{id}-{slug}: the list as the visitor may see it, a hundred items a page (`?sayfa=n`).
 * An address with another slug goes to the canonical one; a private list is a 404 for anyone
 * without a role on it, and so is a page past the last.
 */
export async function loadListPage(
  services: LibraryServices,
  request: Request,
  slug: string | undefined,
) {
  const id = idOfSlug(slug);
  invariantResponse(id !== null);
  const sayfa = new URL(request.url).searchParams.get("sayfa");
  const page = sayfa === null ? 1 : pageParam.parse(sayfa);
  invariantResponse(page > 0);
  const viewer = await getOptionalUser(request, services);
  const offset = (page - 1) * LIST_PAGE_SIZE;
  const list = await readList(services.database.db, id, viewer?.id ?? null, {
    offset,
    limit: LIST_PAGE_SIZE,
  });
  invariantResponse(list);
  const totalPages = Math.max(1, Math.ceil(list.itemCount / LIST_PAGE_SIZE));
  invariantResponse(page <= totalPages);
  const path = paths.list(list, page);
  if (`/liste/${slug}` !== paths.list(list) || (sayfa !== null && page === 1))
    throw redirect(path, 301);
  const poster = list.items.find((item) => item.posterPath)?.posterPath ?? null;
  // The owner's account id stays on the server.
  const { id: _ownerId, ...owner } = list.owner;
  return {
    list: { ...list, owner },
    path,
    page,
    totalPages,
    offset,
    seo: {
      description: metaDescription(
        list.description ?? generatedDescription(list, page === 1 ? list.items : []),
      ),
      posterPath: poster,
      indexable: list.visibility === "public",
    },
  };
}

export type ListPageData = Awaited<ReturnType<typeof loadListPage>>;
