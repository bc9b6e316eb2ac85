import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  answering,
  authError,
  isFormAnswer,
  values,
  type FormFailure,
} from "~/accounts/account-actions.server";
import { deviceLabel } from "~/accounts/device";
import type { CurrentUser } from "~/accounts/guards.server";
import { allow, LIMITS, TOO_MANY } from "~/accounts/rate-limit.server";
import { deleteAccountSchema } from "~/accounts/schemas";
import { accountRow, WRONG_PASSWORD } from "~/accounts/account-settings.server";
import type { ItemRef } from "~/core/item-changes.server";
import { paths } from "~/core/paths";
import { queryRows } from "~/db/client.server";
import { lists } from "~/db/lists-schema";
import { passkey, session, user as users, verification } from "~/db/auth-schema";
import { profiles, reviews, watchlist } from "~/db/schema";
import { episodeRatings } from "~/db/tracking-schema";
import type { LibraryServices } from "./library-services.server";

/*
 * The person's own data (KVKK, Turkey's personal data law): everything the site holds about
 * them, to take away as JSON, and the erasure of all of it.
 */

/** Everything about one person, and nothing about anyone else. No secret leaves: no password
 * hash, TOTP secret, recovery code, session token or passkey key. */
export async function exportPersonalData(services: LibraryServices, user: CurrentUser) {
  const { db } = services.database;
  const [[owner], [profile], sessions, keys, list, written] = await Promise.all([
    accountRow(db, user.id),
    db
      .select({ fullName: profiles.fullName, createdAt: profiles.createdAt })
      .from(profiles)
      .where(eq(profiles.userId, user.id)),
    db
      .select({
        userAgent: session.userAgent,
        ipAddress: session.ipAddress,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
      })
      .from(session)
      .where(eq(session.userId, user.id))
      .orderBy(asc(session.createdAt)),
    db
      .select({ name: passkey.name, createdAt: passkey.createdAt })
      .from(passkey)
      .where(eq(passkey.userId, user.id))
      .orderBy(asc(passkey.createdAt)),
    db
      .select({
        itemType: watchlist.itemType,
        itemId: watchlist.itemId,
        status: watchlist.status,
        addedAt: watchlist.createdAt,
      })
      .from(watchlist)
      .where(eq(watchlist.userId, user.id))
      .orderBy(asc(watchlist.createdAt)),
    db
      .select({
        itemType: reviews.itemType,
        itemId: reviews.itemId,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, user.id))
      .orderBy(asc(reviews.createdAt)),
  ]);
  return {
    site: "Perde",
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: owner?.email ?? user.email,
      name: owner?.name ?? user.name,
      fullName: profile?.fullName ?? null,
      createdAt: owner?.createdAt ?? null,
      twoFactorEnabled: owner?.twoFactorEnabled ?? false,
    },
    sessions: sessions.map((row) => ({ ...row, device: deviceLabel(row.userAgent) })),
    passkeys: keys,
    watchlist: list,
    reviews: written,
  };
}

/**
 * Erases the account after checking the password: the user row goes in one transaction, and
 * with it (foreign keys, ON DELETE CASCADE) sessions, sign-in methods, two-factor data,
 * passkeys, profile, watchlist, reviews, lists and Favori 4, and the viewing history (diary,
 * episode watches and ratings); pending reset links too. Perde puanı of the titles
 * the person rated is recomputed and the cached copies of the pages that showed their reviews
 * are dropped, so the reviews vanish everywhere at once; so are the copies of their public
 * profile and of their lists that others could open.
 */
export async function deleteAccount(
  services: LibraryServices,
  request: Request,
  user: CurrentUser,
  clientIp: string,
  form: FormData,
): Promise<Response | FormFailure> {
  const parsed = deleteAccountSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { db } = services.database;
  return answering(services, undefined, async () => {
    const { limit, windowSeconds } = LIMITS.signInFailuresPerAddressAndClient;
    if (!(await allow(db, `account:${user.id}:${clientIp}`, limit, windowSeconds)))
      return { error: TOO_MANY };
    try {
      await services.auth.api.verifyPassword({
        body: { password: parsed.data.password },
        headers: request.headers,
      });
    } catch (error) {
      if (authError(error).code === "INVALID_PASSWORD") return { error: WRONG_PASSWORD };
      if (!isFormAnswer(error)) throw error;
      return { error: authError(error).message };
    }
    const rated = await db
      .select({ itemType: reviews.itemType, itemId: reviews.itemId })
      .from(reviews)
      .where(eq(reviews.userId, user.id));
    // Episodes they rated: the pages of those series (and their episodes) show Perde puanı too.
    const ratedSeries = await db
      .selectDistinct({ itemId: episodeRatings.seriesId })
      .from(episodeRatings)
      .where(eq(episodeRatings.userId, user.id));
    // Their public pages: the profile (by its key) and every list others could open.
    const [profile] = await db
      .select({ key: profiles.usernameKey })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    const shownLists = await db
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.ownerId, user.id), ne(lists.visibility, "private")));
    // The public profiles that count them as a follower or followed (issue #38).
    const followedKeys = await queryRows<{ key: string }>(
      db,
      sql`select distinct p.username_key as key from follows f
          join profiles p on p.user_id in (f.follower_id, f.followed_id) and p.user_id <> ${user.id}
          where (f.follower_id = ${user.id} or f.followed_id = ${user.id})
            and p.is_public and p.username_key is not null`,
    );
    await db.transaction(async (tx) => {
      await tx.delete(verification).where(eq(verification.value, user.id));
      await tx.delete(users).where(eq(users.id, user.id));
    });
    services.logger.info({ reviews: rated.length }, "account deleted");
    // Their reviews vanish from every instance's pages, and their ratings from Perde puanı.
    const items: ItemRef[] = rated.map((row) => ({ type: row.itemType, id: row.itemId }));
    for (const { itemId } of ratedSeries)
      if (!items.some((item) => item.type === "tv" && item.id === itemId))
        items.push({ type: "tv", id: itemId });
    // Their profile and lists vanish from the page cache at once, on every instance.
    if (profile?.key) items.push({ type: "profile", id: profile.key });
    for (const list of shownLists) items.push({ type: "list", id: list.id });
    for (const { key } of followedKeys) items.push({ type: "profile", id: key });
    await services.changes.changed(items);
    const cookies = new Headers();
    const { authCookies } = await services.auth.$context;
    cookies.append(
      "Set-Cookie",
      `${authCookies.sessionToken.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
    return services.flash.redirect(paths.home, "success", "Hesabınız silindi", cookies);
  });
}
