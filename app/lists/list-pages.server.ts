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

/** Items a page of a list shows, on its own page and its editing page (Letterboxd's hundred). */
const LIST_PAGE_SIZE = 100;

const pageParam = z.coerce.number().int().min(1).max(1_000).catch(0);

/** The page asked for by `?sayfa=n`: 1 when absent, 0 (a 404) when it is no page number. */
function pageOf(request: Request) {
  const sayfa = new URL(request.url).searchParams.get("sayfa");
  return { sayfa, page: sayfa === null ? 1 : pageParam.parse(sayfa) };
}

/**
 * /dashboard/listeler/{id}: a hundred of the list's items a page, for its owner and editors;
 * a 404 for anyone else (the same as for a list that does not exist) and past the last page.
 */
export async function loadListEditPage(
  services: LibraryServices,
  user: CurrentUser,
  rawId: unknown,
  request: Request,
) {
  const id = listIdSchema.safeParse(rawId);
  invariantResponse(id.success);
  const { page } = pageOf(request);
  invariantResponse(page > 0);
  const offset = (page - 1) * LIST_PAGE_SIZE;
  const list = await readList(services.database.db, id.data, user.id, {
    offset,
    limit: LIST_PAGE_SIZE,
  });
  invariantResponse(list && list.role);
  const totalPages = Math.max(1, Math.ceil(list.itemCount / LIST_PAGE_SIZE));
  invariantResponse(page <= totalPages);
  return { list: { ...list, role: list.role }, path: paths.list(list), page, totalPages, offset };
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
  const { sayfa, page } = pageOf(request);
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

/** Posters a list's preview picture shows (decision 028). */
const PREVIEW_POSTERS = 4;

/**
 * /liste/{id}-{slug}/onizleme.png: what a list's preview picture shows, read as an anonymous
 * visitor reads it (the picture is the same for everyone, so a private list has none, whoever
 * asks): its name, owner, count and first posters. Null for a list nobody may see; the list's
 * own address when the slug is another (the caller redirects there).
 */
export async function loadListPreview(
  services: LibraryServices,
  slug: string | undefined,
): Promise<
  | { redirect: string }
  | {
      name: string;
      ownerName: string | null;
      itemCount: number;
      posters: { title: string; posterPath: string | null }[];
    }
  | null
> {
  const id = idOfSlug(slug);
  if (id === null) return null;
  const list = await readList(services.database.db, id, null, {
    offset: 0,
    limit: PREVIEW_POSTERS * 3,
  });
  if (!list) return null;
  if (`/liste/${slug}` !== paths.list(list)) return { redirect: paths.listImage(list) };
  const withPosters = list.items.filter((item) => item.posterPath);
  const shown = (withPosters.length >= PREVIEW_POSTERS ? withPosters : list.items).slice(
    0,
    PREVIEW_POSTERS,
  );
  return {
    name: list.name,
    ownerName: list.owner.name,
    itemCount: list.itemCount,
    posters: shown.map((item) => ({ title: item.title ?? "", posterPath: item.posterPath })),
  };
}
