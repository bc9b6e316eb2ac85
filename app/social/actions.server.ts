import { sql } from "drizzle-orm";
import { allow } from "~/accounts/rate-limit.server";
import { forSignedInUser } from "~/accounts/signed-in-form.server";
import { answer, refusedWith, type FormAnswer } from "~/core/form-answer.server";
import { queryRows, type Database } from "~/db/client.server";
import type { LibraryServices } from "~/library/library-services.server";
import { announceSocial, commentEvents } from "./announce.server";
import { addComment, COMMENT_REFUSALS, deleteComment, editComment } from "./comments.server";
import { like, unlike } from "./likes.server";
import { report } from "./reports.server";
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

const TOO_MANY = {
  follows: "Kısa sürede çok fazla kişiyi takip ettiniz. Lütfen biraz sonra yeniden deneyin.",
  likes: "Kısa sürede çok fazla beğendiniz. Lütfen biraz sonra yeniden deneyin.",
  comments: "Kısa sürede çok fazla yorum yazdınız. Lütfen biraz sonra yeniden deneyin.",
} as const;

const PROFILE_UNAVAILABLE = "Bu profil bulunamadı ya da takip edilemiyor.";

/** Counts one act of `kind` for the person; false when beyond the limit. */
function withinLimit(db: Database, userId: string, kind: keyof typeof SOCIAL_RATE_LIMITS) {
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
            await announceSocial(services, { kind: "follow", actorId: user.id, recipientId });
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

const LIKE_TYPES = ["review", "diary", "list"] as const;
const ROW_ID = /^[1-9]\d{0,14}$/;

/** A row id from a form field, or null. */
const rowId = (value: FormDataEntryValue | null) =>
  typeof value === "string" && ROW_ID.test(value) ? Number(value) : null;

const NOT_FOUND = "Bu içerik bulunamadı.";

/** What a comment, reply or edit form sends: all of it comes back with a refusal. */
const COMMENT_FIELDS = [
  "intent",
  "targetType",
  "targetId",
  "parentId",
  "commentId",
  "body",
  "spoiler",
  "returnTo",
] as const;

/**
 * A refused comment (empty, too long, a link from a new account, too many): answered with what
 * was typed, with or without JavaScript, so nothing is lost. Without JavaScript /birlikte shows
 * it in its box with the reason beside it (routes/social-action.tsx).
 */
export type CommentRefusal = FormAnswer & {
  fields: Partial<Record<(typeof COMMENT_FIELDS)[number], string>>;
};

/**
 * Beğen, yorum, yanıt, düzenle, sil and bildir (issue #38.3-38.6), posted to /birlikte. The
 * target is named by its kind and id; whether the person may act on it is the domain's query.
 * A change drops the cached pages that show its counts (the list's, the title's).
 */
export function socialAction(services: LibraryServices, request: Request) {
  const { db } = services.database;
  return forSignedInUser(services, request, async (user, form) => {
    const intent = form.get("intent");
    const type = form.get("targetType");
    const id = rowId(form.get("targetId"));
    const refuse = (message: string) => answer(services, form, { ok: false, message });
    const refuseComment = (message: string) => refusedWith(form, COMMENT_FIELDS, message);
    switch (intent) {
      case "like":
      case "unlike": {
        if (!LIKE_TYPES.includes(type as (typeof LIKE_TYPES)[number]) || id === null)
          return refuse(NOT_FOUND);
        const target = { type: type as (typeof LIKE_TYPES)[number], id };
        if (intent === "unlike") {
          if (await unlike(db, user.id, target)) {
            await targetChanged(services, target);
            // The person's profile shows what they liked.
            await profilesChanged(services, [await ownKey(db, user.id)]);
          }
          return answer(services, form, { ok: true, message: "Beğeniniz kaldırıldı" });
        }
        if (!(await withinLimit(db, user.id, "likes"))) return refuse(TOO_MANY.likes);
        const liked = await like(db, user.id, target);
        if (liked.outcome === "unavailable") return refuse(NOT_FOUND);
        if (liked.outcome === "liked") {
          await announceSocial(services, {
            kind: "like",
            actorId: user.id,
            recipientId: liked.ownerId,
            target,
          });
          await targetChanged(services, target);
          await profilesChanged(services, [await ownKey(db, user.id)]);
        }
        return answer(services, form, { ok: true, message: "Beğendiniz" });
      }
      case "comment": {
        if ((type !== "review" && type !== "list") || id === null) return refuseComment(NOT_FOUND);
        if (!(await withinLimit(db, user.id, "comments"))) return refuseComment(TOO_MANY.comments);
        const target = { type, id } as const;
        const parentId = form.get("parentId") ? rowId(form.get("parentId")) : null;
        if (form.get("parentId") && parentId === null)
          return refuseComment(COMMENT_REFUSALS.noParent);
        const added = await addComment(db, user.id, target, form.get("body"), {
          spoiler: form.get("spoiler") === "on",
          parentId,
        });
        if (!added.ok) return refuseComment(added.error);
        for (const event of commentEvents(user.id, target, added))
          await announceSocial(services, event);
        await targetChanged(services, target);
        return answer(services, form, { ok: true, message: "Yorumunuz eklendi" });
      }
      case "edit-comment":
      case "delete-comment": {
        const commentId = rowId(form.get("commentId"));
        if (commentId === null)
          return intent === "edit-comment" ? refuseComment(NOT_FOUND) : refuse(NOT_FOUND);
        // Read before a delete removes it: the page showing the comment is dropped after.
        const onTarget = await commentTarget(db, commentId);
        if (intent === "delete-comment") {
          if (!(await deleteComment(db, user.id, commentId))) return refuse(NOT_FOUND);
          if (onTarget) await targetChanged(services, onTarget);
          return answer(services, form, { ok: true, message: "Yorum silindi" });
        }
        const edited = await editComment(
          db,
          user.id,
          commentId,
          form.get("body"),
          form.get("spoiler") === "on",
        );
        if (!edited.ok) return refuseComment(edited.error);
        if (onTarget) await targetChanged(services, onTarget);
        return answer(services, form, { ok: true, message: "Yorumunuz güncellendi" });
      }
      case "report": {
        if ((type !== "review" && type !== "comment" && type !== "list") || id === null)
          return refuse(NOT_FOUND);
        const reported = await report(
          db,
          user.id,
          { type, id },
          form.get("reason"),
          form.get("details"),
        );
        if (!reported.ok) return refuse(reported.error);
        return answer(services, form, {
          ok: true,
          message: "Bildiriminiz alındı. Teşekkür ederiz.",
        });
      }
      default:
        return refuse("Bu işlem anlaşılamadı.");
    }
  });
}

/** The review or list a comment is on. */
async function commentTarget(db: Database, commentId: number) {
  const [row] = await queryRows<{ review_id: string | null; list_id: string | null }>(
    db,
    sql`select review_id, list_id from comments where id = ${commentId}`,
  );
  if (!row) return null;
  return row.review_id !== null
    ? { type: "review" as const, id: Number(row.review_id) }
    : row.list_id !== null
      ? { type: "list" as const, id: Number(row.list_id) }
      : null;
}

/** Drops the cached pages that show a target's counts: a list's page, a review's title. */
async function targetChanged(
  services: LibraryServices,
  target: { type: "review" | "diary" | "list"; id: number },
) {
  if (target.type === "list") return services.changes.changed([{ type: "list", id: target.id }]);
  const [row] = await queryRows<{ item_type: "movie" | "tv" | "person"; item_id: number }>(
    services.database.db,
    target.type === "review"
      ? sql`select item_type, item_id from reviews where id = ${target.id}`
      : sql`select item_type, item_id from diary_entries where id = ${target.id}`,
  );
  if (row) await services.changes.changed([{ type: row.item_type, id: Number(row.item_id) }]);
}
