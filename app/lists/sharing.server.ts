import { data } from "react-router";
import { allow } from "~/accounts/rate-limit.server";
import { getOptionalUser, requireUser } from "~/accounts/guards.server";
import { forSignedInUser } from "~/accounts/signed-in-form.server";
import { answer, type FormAnswer } from "~/core/form-answer.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { paths } from "~/core/paths";
import type { LibraryServices } from "~/library/library-services.server";
import { rowIdSchema } from "~/library/schemas";
import { z } from "~/ui/zod";
import {
  acceptInvite,
  createInvite,
  inviteInfo,
  listSharing,
  revokeInvite,
} from "./invites.server";
import { removeEditor } from "./lists.server";
import { listId as listIdSchema } from "./schemas";
import { INVALID_INVITE } from "./sharing-text";

/*
 * "Birlikte düzenle" as pages and forms: the owner's sharing section (make an invite link, see
 * and revoke the pending ones, remove editors) and the invite link itself. The person is the
 * session's user; the domain checks the owner in every query, so another's list id changes
 * nothing and reads as "Liste bulunamadı".
 */

const NO_LIST = "Liste bulunamadı";
const TOO_MANY_INVITES = "Çok fazla davet oluşturdunuz. Lütfen biraz sonra yeniden deneyin.";

/** Invite links per owner (all lists together). */
const INVITE_LIMIT = { limit: 20, windowSeconds: 60 * 60 } as const;

/** The sharing form's answer; `inviteUrl` is the new link, shown once and never stored. */
export type SharingAnswer = FormAnswer & { inviteUrl?: string };

const privateHeaders = { "Cache-Control": PRIVATE_PAGE_CACHE };

function listIdOf(params: { listId?: string }) {
  const parsed = listIdSchema.safeParse(params.listId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/**
 * The sharing section's data for the list's owner: its editors and pending invites. A list that
 * is not the person's is a 404, the same as one that does not exist.
 */
export async function listSharingLoader(
  services: LibraryServices,
  request: Request,
  params: { listId?: string },
) {
  const listId = listIdOf(params);
  const user = await requireUser(request, services);
  const sharing = await listSharing(services.database.db, user.id, listId);
  if (!sharing) throw data(null, { status: 404 });
  return sharing;
}

const editorIdSchema = z.string({ error: "Kişi bulunamadı" }).min(1).max(200);

/** POST to the sharing page: intent "invite", "revoke" (inviteId) or "remove-editor" (editorId). */
export function listSharingAction(
  services: LibraryServices & { env: { publicSiteUrl: string } },
  request: Request,
  params: { listId?: string },
) {
  const { db } = services.database;
  const listId = listIdSchema.safeParse(params.listId);
  return forSignedInUser(services, request, async (user, form) => {
    if (!form.get("returnTo")) form.set("returnTo", paths.listSharing(listId.data ?? 0));
    const reply = (result: Omit<SharingAnswer, "at">) => answer(services, form, result);
    if (!listId.success) return reply({ ok: false, message: NO_LIST });
    const intent = form.get("intent");

    if (intent === "invite") {
      if (
        !(await allow(db, `list-invite:${user.id}`, INVITE_LIMIT.limit, INVITE_LIMIT.windowSeconds))
      )
        return reply({ ok: false, message: TOO_MANY_INVITES });
      const invite = await createInvite(db, user.id, listId.data);
      if (!invite) return reply({ ok: false, message: NO_LIST });
      // The link is shown once, on the page this form answers: never in a redirect or a cookie.
      const inviteUrl = new URL(
        paths.listInvite(invite.token),
        services.env.publicSiteUrl,
      ).toString();
      return data<SharingAnswer>(
        { ok: true, message: "Davet bağlantısı oluşturuldu", inviteUrl, at: Date.now() },
        { headers: privateHeaders },
      );
    }

    if (intent === "revoke") {
      const inviteId = rowIdSchema.safeParse(form.get("inviteId"));
      const revoked =
        inviteId.success && (await revokeInvite(db, user.id, listId.data, inviteId.data));
      return reply(
        revoked
          ? { ok: true, message: "Davet geri alındı; bağlantı artık çalışmıyor" }
          : { ok: false, message: "Davet bulunamadı" },
      );
    }

    if (intent === "remove-editor") {
      const editorId = editorIdSchema.safeParse(form.get("editorId"));
      // The owner removes an editor; an editor may only take themselves off (leave).
      const removed =
        editorId.success && (await removeEditor(db, user.id, listId.data, editorId.data));
      if (removed && editorId.data === user.id) form.set("returnTo", paths.lists);
      return reply(
        !removed
          ? { ok: false, message: "Düzenleyici bulunamadı" }
          : editorId.data === user.id
            ? { ok: true, message: "Listeden ayrıldınız" }
            : { ok: true, message: "Düzenleyici listeden çıkarıldı" },
      );
    }
    return reply({ ok: false, message: "Bir hata oluştu" });
  });
}

/**
 * GET /liste-davet/{token}: what the link opens, for the person to accept. A working link shows
 * the list's name; any other link the same message, whoever asks. An anonymous visitor is asked
 * to sign in and come back (nothing is used up until a signed-in person accepts).
 */
export async function invitePage(services: LibraryServices, request: Request, token: string) {
  const [user, invite] = await Promise.all([
    getOptionalUser(request, services),
    inviteInfo(services.database.db, token),
  ]);
  const page = {
    signedIn: user !== null,
    invite: invite && {
      listName: invite.listName,
      ownerName: invite.ownerName,
      own: user !== null && invite.ownerId === user.id,
    },
  };
  return data(page, { status: invite ? 200 : 404, headers: privateHeaders });
}

/** POST /liste-davet/{token}: the signed-in person accepts; then on to the list's edit page. */
export function acceptInviteAction(services: LibraryServices, request: Request, token: string) {
  return forSignedInUser(services, request, async (user) => {
    const accepted = await acceptInvite(services.database.db, user.id, token);
    switch (accepted.outcome) {
      case "joined":
        return services.flash.redirect(
          paths.listEdit(accepted.listId),
          "success",
          "Davet kabul edildi: artık bu listeyi birlikte düzenliyorsunuz",
        );
      case "already":
        return services.flash.redirect(
          paths.listEdit(accepted.listId),
          "success",
          "Bu listeyi zaten birlikte düzenliyorsunuz",
        );
      case "own":
        return services.flash.redirect(
          paths.listEdit(accepted.listId),
          "error",
          "Bu liste zaten sizin: bağlantıyı düzenlemesini istediğiniz kişiye gönderin",
        );
      default:
        return data<FormAnswer>(
          { ok: false, message: INVALID_INVITE, at: Date.now() },
          { status: 400, headers: privateHeaders },
        );
    }
  });
}
