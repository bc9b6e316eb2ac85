import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { answering, values } from "~/accounts/account-actions.server";
import type { CurrentUser } from "~/accounts/guards.server";
import { saveProfile } from "~/accounts/account-settings.server";
import { allow, TOO_MANY } from "~/accounts/rate-limit.server";
import { searchGroups } from "~/catalogue/search.server";
import type { ItemRef } from "~/core/item-changes.server";
import { paths, usernameKey } from "~/core/paths";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { titleFacts } from "~/db/history-schema";
import { lists, profileFavorites } from "~/db/lists-schema";
import { profiles, reviews } from "~/db/schema";
import { recordTitleFacts } from "~/catalogue/title-facts.server";
import { overCatalogueBudget } from "~/library/catalogue-budget.server";
import type { LibraryServices } from "~/library/library-services.server";
import {
  FAVORITES_MAX,
  type FavoriteChoice,
  favoriteMoveSchema,
  favoriteSchema,
  favoriteSearchSchema,
  toChoice,
  USERNAME_TAKEN,
  usernameSchema,
  visibilitySchema,
} from "./schemas";

/*
 * The "Profil" part of /hesap (issue #25.4): the username, whether the profile at /u/{name} is
 * public, and Favori 4. Every query is limited to the signed-in person's rows. Every change the
 * public page shows is announced (`profile:{key}`, old and new key on a rename), so the page
 * cache drops the page on every instance at once: a profile made private is gone immediately.
 */

/** A film among the person's Favori 4, with what its card shows (from title_facts). */
export interface FavoriteFilm {
  position: number;
  movieId: number;
  title: string | null;
  posterPath: string | null;
  date: string | null;
}

/** The person's Favori 4 in order, one query (the facts were kept when each was chosen). */
export function favoriteFilms(db: Database, userId: string): Promise<FavoriteFilm[]> {
  return db
    .select({
      position: profileFavorites.position,
      movieId: profileFavorites.movieId,
      title: titleFacts.title,
      posterPath: titleFacts.posterPath,
      date: titleFacts.date,
    })
    .from(profileFavorites)
    .leftJoin(
      titleFacts,
      and(eq(titleFacts.itemType, "movie"), eq(titleFacts.itemId, profileFavorites.movieId)),
    )
    .where(eq(profileFavorites.userId, userId))
    .orderBy(asc(profileFavorites.position));
}

function ownProfile(db: Database, userId: string) {
  return db
    .select({
      username: profiles.username,
      usernameKey: profiles.usernameKey,
      isPublic: profiles.isPublic,
      foldUnwatched: profiles.foldUnwatched,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .then((rows) => rows[0] ?? null);
}

/** What the Profil section of /hesap shows. */
export async function loadProfileSettings(db: Database, userId: string) {
  const [profile, favorites] = await Promise.all([
    ownProfile(db, userId),
    favoriteFilms(db, userId),
  ]);
  return {
    username: profile?.username ?? null,
    isPublic: profile?.isPublic ?? false,
    foldUnwatched: profile?.foldUnwatched ?? false,
    favorites,
  };
}

export type ProfileSettings = Awaited<ReturnType<typeof loadProfileSettings>>;

/**
 * The profile's part of Verilerim: the username, whether it is public, whether reviews of titles
 * not yet watched are folded, the Favori 4.
 */
export async function exportProfile(db: Database, userId: string) {
  const [profile, favorites] = await Promise.all([
    ownProfile(db, userId),
    db
      .select({ position: profileFavorites.position, movieId: profileFavorites.movieId })
      .from(profileFavorites)
      .where(eq(profileFavorites.userId, userId))
      .orderBy(asc(profileFavorites.position)),
  ]);
  return {
    username: profile?.username ?? null,
    isPublic: profile?.isPublic ?? false,
    foldUnwatched: profile?.foldUnwatched ?? false,
    favorites,
  };
}

/** A profile form's refusal: the message, and what was typed so nothing is lost. */
export type ProfileFailure = { error: string; fields?: Record<string, string> };
/** The no-JavaScript search's answer: the films to choose from. */
type ProfileSearch = { query: string; choices: FavoriteChoice[] };

/**
 * Profile changes per person: generous for someone arranging their Favori 4 by hand, a wall
 * for a script renaming in a loop (every change drops cached pages on every instance).
 */
const PROFILE_CHANGES = { limit: 60, windowSeconds: 15 * 60 };

const allowChange = (db: Database, userId: string) =>
  allow(db, `profile:${userId}`, PROFILE_CHANGES.limit, PROFILE_CHANGES.windowSeconds);

const done = (services: LibraryServices, message: string) =>
  services.flash.redirect(`${paths.account}#profil-ayarlari`, "success", message);

/**
 * Tells every instance that the profile pages under these keys changed. `withLinks`: the
 * person's name links to the profile only while it is public, on their reviews and on their
 * lists' pages, so those pages change too.
 */
async function announceProfile(
  services: Pick<LibraryServices, "changes" | "database">,
  userId: string,
  keys: (string | null | undefined)[],
  { withLinks = false } = {},
) {
  const items: ItemRef[] = [...new Set(keys.filter((key): key is string => Boolean(key)))].map(
    (key) => ({ type: "profile", id: key }),
  );
  if (withLinks) {
    const { db } = services.database;
    const [written, shown] = await Promise.all([
      db
        .select({ type: reviews.itemType, id: reviews.itemId })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), isNotNull(reviews.comment))),
      db
        .select({ id: lists.id })
        .from(lists)
        .where(and(eq(lists.ownerId, userId), ne(lists.visibility, "private"))),
    ]);
    items.push(...written, ...shown.map((list) => ({ type: "list" as const, id: list.id })));
  }
  await services.changes.changed(items);
}

export async function saveUsername(
  services: LibraryServices,
  user: CurrentUser,
  form: FormData,
): Promise<Response | ProfileFailure> {
  const fields = { username: String(form.get("username") ?? "").slice(0, 200) };
  const parsed = usernameSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message, fields };
  const { username } = parsed.data;
  const key = usernameKey(username);
  const { db } = services.database;
  return answering(services, undefined, async () => {
    if (!(await allowChange(db, user.id))) return { error: TOO_MANY, fields };
    const before = await ownProfile(db, user.id);
    const [holder] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.usernameKey, key), ne(profiles.userId, user.id)));
    if (holder) return { error: USERNAME_TAKEN, fields };
    try {
      await db
        .insert(profiles)
        .values({ userId: user.id, fullName: user.name, username, usernameKey: key })
        .onConflictDoUpdate({ target: profiles.userId, set: { username, usernameKey: key } });
    } catch (error) {
      // Someone took the same name between the check and the write: the unique index decides.
      if (isUniqueViolation(error, "profiles_username_key_unique"))
        return { error: USERNAME_TAKEN, fields };
      throw error;
    }
    await announceProfile(services, user.id, [before?.usernameKey, key], {
      withLinks: Boolean(before?.isPublic) && before?.username !== username,
    });
    return done(services, "Kullanıcı adınız kaydedildi");
  });
}

export const USERNAME_FIRST = "Profilinizi herkese açmak için önce bir kullanıcı adı seçin";

export async function setProfileVisibility(
  services: LibraryServices,
  user: CurrentUser,
  form: FormData,
): Promise<Response | ProfileFailure> {
  const parsed = visibilitySchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const isPublic = parsed.data.visibility === "public";
  const { db } = services.database;
  return answering(services, undefined, async () => {
    if (!(await allowChange(db, user.id))) return { error: TOO_MANY };
    const profile = await ownProfile(db, user.id);
    if (isPublic && !profile?.username) return { error: USERNAME_FIRST };
    if (profile) {
      await db.update(profiles).set({ isPublic }).where(eq(profiles.userId, user.id));
      await announceProfile(services, user.id, [profile.usernameKey], { withLinks: true });
    }
    return done(
      services,
      isPublic
        ? "Profiliniz artık herkese açık"
        : "Profiliniz artık gizli: yalnızca siz görürsünüz",
    );
  });
}

/**
 * "İzlemediğiniz yapımların yorumları katlansın" (issue #38.5): the reader's own setting, read
 * only on their signed-in pages, so no cached page changes with it.
 */
export async function setFoldUnwatched(
  services: LibraryServices,
  user: CurrentUser,
  form: FormData,
): Promise<Response | ProfileFailure> {
  const foldUnwatched = form.get("foldUnwatched") === "on";
  const { db } = services.database;
  return answering(services, undefined, async () => {
    if (!(await allowChange(db, user.id))) return { error: TOO_MANY };
    await db
      .insert(profiles)
      .values({ userId: user.id, fullName: user.name, foldUnwatched })
      .onConflictDoUpdate({ target: profiles.userId, set: { foldUnwatched } });
    return services.flash.redirect(
      `${paths.account}#yorum-katlama`,
      "success",
      foldUnwatched
        ? "İzlemediğiniz yapımların yorumları artık katlı gösterilecek"
        : "İzlemediğiniz yapımların yorumları artık açık gösterilecek",
    );
  });
}

export const FAVORITES_FULL = `Favori 4'ünüz dolu: yeni bir film eklemek için önce birini çıkarın`;
export const FAVORITE_TWICE = "Bu film zaten Favori 4'ünüzde";
const FAVORITE_MISSING = "Bu film Favori 4'ünüzde değil";
const NO_SUCH_FILM = "Film bulunamadı.";

/**
 * Rewrites the person's Favori 4 as `change` orders it (or answers its refusal), in one
 * transaction that holds their profile row, so two changes at once are made one after the
 * other and positions stay 1…n.
 */
async function changeFavorites(
  services: LibraryServices,
  user: CurrentUser,
  change: (movieIds: number[]) => number[] | string,
): Promise<string | null> {
  return services.database.db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: user.id, fullName: user.name })
      .onConflictDoNothing({ target: profiles.userId });
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, user.id))
      .for("update");
    const current = await tx
      .select({ movieId: profileFavorites.movieId })
      .from(profileFavorites)
      .where(eq(profileFavorites.userId, user.id))
      .orderBy(asc(profileFavorites.position));
    const next = change(current.map((row) => row.movieId));
    if (typeof next === "string") return next;
    await tx.delete(profileFavorites).where(eq(profileFavorites.userId, user.id));
    if (next.length > 0)
      await tx
        .insert(profileFavorites)
        .values(next.map((movieId, index) => ({ userId: user.id, position: index + 1, movieId })));
    return null;
  });
}

/** Add, remove or move a film of Favori 4: the checks, the change, the announcement. */
async function favoriteChange(
  services: LibraryServices,
  user: CurrentUser,
  work: () => Promise<string | null>,
  message: string,
): Promise<Response | ProfileFailure> {
  const { db } = services.database;
  return answering(services, undefined, async () => {
    if (!(await allowChange(db, user.id))) return { error: TOO_MANY };
    const refused = await work();
    if (refused) return { error: refused };
    const profile = await ownProfile(db, user.id);
    await announceProfile(services, user.id, [profile?.usernameKey]);
    return done(services, message);
  });
}

export function addFavorite(services: LibraryServices, user: CurrentUser, form: FormData) {
  const parsed = favoriteSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { movieId } = parsed.data;
  const adding = (ids: number[]) => {
    if (ids.includes(movieId)) return FAVORITE_TWICE;
    if (ids.length >= FAVORITES_MAX) return FAVORITES_FULL;
    return [...ids, movieId];
  };
  return favoriteChange(
    services,
    user,
    async () => {
      // Refused before the catalogue is asked, then again in the transaction.
      const current = await services.database.db
        .select({ movieId: profileFavorites.movieId })
        .from(profileFavorites)
        .where(eq(profileFavorites.userId, user.id));
      const early = adding(current.map((row) => row.movieId));
      if (typeof early === "string") return early;
      // The film's facts are kept now, so the profile page shows it without asking the catalogue.
      const spent = await overCatalogueBudget(services.database.db, user.id);
      if (spent) return spent;
      if (!(await recordTitleFacts(services, { type: "movie", id: movieId }))) return NO_SUCH_FILM;
      return changeFavorites(services, user, adding);
    },
    "Favori 4'ünüze eklendi",
  );
}

export function removeFavorite(services: LibraryServices, user: CurrentUser, form: FormData) {
  const parsed = favoriteSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { movieId } = parsed.data;
  return favoriteChange(
    services,
    user,
    () =>
      changeFavorites(services, user, (ids) =>
        ids.includes(movieId) ? ids.filter((id) => id !== movieId) : FAVORITE_MISSING,
      ),
    "Favori 4'ünüzden çıkarıldı",
  );
}

export function moveFavorite(services: LibraryServices, user: CurrentUser, form: FormData) {
  const parsed = favoriteMoveSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { movieId, direction } = parsed.data;
  return favoriteChange(
    services,
    user,
    () =>
      changeFavorites(services, user, (ids) => {
        const from = ids.indexOf(movieId);
        if (from === -1) return FAVORITE_MISSING;
        const to = direction === "up" ? from - 1 : from + 1;
        if (to < 0 || to >= ids.length) return ids;
        const next = [...ids];
        [next[from], next[to]] = [next[to]!, next[from]!];
        return next;
      }),
    "Sıralama güncellendi",
  );
}

/** The picker without JavaScript: the films matching what was typed, as the form's answer. */
export async function searchFavorites(
  services: LibraryServices,
  user: CurrentUser,
  form: FormData,
): Promise<ProfileSearch | ProfileFailure> {
  const fields = { q: String(form.get("q") ?? "").slice(0, 200) };
  const parsed = favoriteSearchSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message, fields };
  return answering(services, undefined, async () => {
    if (!(await allowChange(services.database.db, user.id))) return { error: TOO_MANY, fields };
    const groups = await searchGroups(services.catalogue, parsed.data.q);
    const choices = (groups?.movies ?? []).map(toChoice);
    if (choices.length === 0) return { error: "Bu aramayla eşleşen film bulunamadı", fields };
    return { query: parsed.data.q, choices };
  });
}

/** Ad Soyad is the name on the public profile too: a change of it is announced like the rest. */
export async function saveName(services: LibraryServices, user: CurrentUser, form: FormData) {
  const answer = await saveProfile(services, user, form);
  if (!(answer instanceof Response)) return answer;
  return answering(services, undefined, async () => {
    const profile = await ownProfile(services.database.db, user.id);
    await announceProfile(services, user.id, [profile?.usernameKey]);
    return answer;
  });
}

/**
 * Favori 4 as the person chose on an import's page (decision 038: Letterboxd's favourite films
 * are asked, never written on their own): the films in this order, at most four, replacing the
 * ones there were. Announced like any change of Favori 4.
 */
export async function setFavorites(
  services: Pick<LibraryServices, "changes" | "database">,
  userId: string,
  movieIds: number[],
): Promise<void> {
  const chosen = [...new Set(movieIds)].slice(0, FAVORITES_MAX);
  const { db } = services.database;
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values({ userId }).onConflictDoNothing({ target: profiles.userId });
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    await tx.delete(profileFavorites).where(eq(profileFavorites.userId, userId));
    if (chosen.length > 0)
      await tx
        .insert(profileFavorites)
        .values(chosen.map((movieId, index) => ({ userId, position: index + 1, movieId })));
  });
  const profile = await ownProfile(db, userId);
  await announceProfile(services, userId, [profile?.usernameKey]);
}
