import { sql } from "drizzle-orm";
import { allow } from "~/accounts/rate-limit.server";
import { forSignedInUser } from "~/accounts/signed-in-form.server";
import { answer } from "~/core/form-answer.server";
import { queryRows, type Database } from "~/db/client.server";
import type { LibraryServices } from "~/library/library-services.server";
import { announceSocial } from "./announce.server";
import { block, follow, profileKey, profileOwnerId, unblock, unfollow } from "./follows.server";

/*
 * The people forms (issue #38.1, #38.6): Takip et, Takibi bırak, Engelle, Engeli kaldır. The
 * person acting is the session's, the other is named by their username; every rule is in the
 * query that writes (follows.server.ts). A change drops the cached copies of both profiles
 * (their counts).
 */

export const SOCIAL_RATE_LIMITS = {
  follows: { limit: 100, windowSeconds: 60 * 60 },
  likes: { limit: 300, windowSeconds: 60 * 60 },
  comments: { limit: 30, windowSeconds: 60 * 60 },
} as const;

export const TOO_MANY = {
  follows: "Kısa sürede çok fazla kişiyi takip ettiniz. Lütfen biraz sonra yeniden deneyin.",
  likes: "Kısa sürede çok fazla beğendiniz. Lütfen biraz sonra yeniden deneyin.",
  comments: "Kısa sürede çok fazla yorum yazdınız. Lütfen biraz sonra yeniden deneyin.",
} as const;

export const PROFILE_UNAVAILABLE = "Bu profil bulunamadı ya da takip edilemiyor.";

/** Counts one act of `kind` for the person; false when beyond the limit. */
export function withinLimit(db: Database, userId: string, kind: keyof typeof SOCIAL_RATE_LIMITS) {
  const { limit, windowSeconds } = SOCIAL_RATE_LIMITS[kind];
  return allow(db, `social:${kind}:${userId}`, limit, windowSeconds);
}

/** The key of a person's own profile name, when they have one (their counts show on it). */
async function ownKey(db: Database, userId: string) {
  const [row] = await queryRows<{ username_key: string | null }>(
    db,
    sql`select username_key from profiles where user_id = ${userId}`,
  );
  return row?.username_key ?? null;
}

async function profilesChanged(services: LibraryServices, keys: (string | null)[]) {
  const items = keys.flatMap((key) => (key ? [{ type: "profile" as const, id: key }] : []));
  if (items.length) await services.changes.changed(items);
}

export function peopleAction(services: LibraryServices, request: Request) {
  const { db } = services.database;
  return forSignedInUser(services, request, async (user, form) => {
    const key = profileKey(form.get("username"));
    const intent = form.get("intent");
    if (!key) return answer(services, form, { ok: false, message: PROFILE_UNAVAILABLE });
    switch (intent) {
      case "follow": {
        if (!(await withinLimit(db, user.id, "follows")))
          return answer(services, form, { ok: false, message: TOO_MANY.follows });
        const outcome = await follow(db, user.id, key);
        if (outcome === "unavailable")
          return answer(services, form, { ok: false, message: PROFILE_UNAVAILABLE });
        if (outcome === "followed") {
          const recipientId = await profileOwnerId(db, key);
          if (recipientId)
            announceSocial(services.logger, { kind: "follow", actorId: user.id, recipientId });
          await profilesChanged(services, [key, await ownKey(db, user.id)]);
        }
        return answer(services, form, { ok: true, message: "Takip ediyorsunuz" });
      }
      case "unfollow": {
        if (await unfollow(db, user.id, key))
          await profilesChanged(services, [key, await ownKey(db, user.id)]);
        return answer(services, form, { ok: true, message: "Takibi bıraktınız" });
      }
      case "block": {
        const outcome = await block(db, user.id, key);
        if (outcome === "unavailable")
          return answer(services, form, { ok: false, message: "Bu kişi engellenemiyor." });
        await profilesChanged(services, [key, await ownKey(db, user.id)]);
        return answer(services, form, {
          ok: true,
          message: "Engellendi. Bu kişi artık sizi takip edemez, yazdıklarınızı göremez.",
        });
      }
      case "unblock": {
        await unblock(db, user.id, key);
        return answer(services, form, { ok: true, message: "Engel kaldırıldı" });
      }
      default:
        return answer(services, form, { ok: false, message: "Bu işlem anlaşılamadı." });
    }
  });
}
