import { getOptionalUser } from "~/accounts/guards.server";
import { invariantResponse } from "~/core/invariant";
import { LIKED_KIND_SEGMENT } from "~/core/paths";
import type { Database } from "~/db/client.server";
import type { LibraryServices } from "~/library/library-services.server";
import { whoLiked, type LikeTarget } from "./likes.server";
import { targetSubject } from "./target-subject.server";

/*
 * Beğenenler (issue #38.3, decision 039): the page the like count opens, a plain link, so it
 * works without JavaScript. It depends on the reader (blocks hide people both ways), so it is
 * never kept by a shared cache; the pages that link to it carry only the count.
 */

const KINDS = Object.fromEntries(
  Object.entries(LIKED_KIND_SEGMENT).map(([type, segment]) => [segment, type]),
) as Record<string, LikeTarget["type"]>;

const ROW_ID = /^[1-9]\d{0,14}$/;

/** The liked thing's name and address, for the page's heading and its way back. */
async function likedThing(db: Database, target: LikeTarget) {
  const subject = await targetSubject(db, target);
  if (!subject) return null;
  if (subject.type === "list") return { label: subject.name, what: "listesi", href: subject.url };
  const what = subject.type === "review" ? "yorumu" : "günlük kaydı";
  const label =
    subject.title ??
    (subject.itemType === "person"
      ? "Oyuncu"
      : `${subject.itemType === "tv" ? "Dizi" : "Film"} #${subject.itemId}`);
  return { label, what, href: subject.type === "review" ? `${subject.url}#yorumlar` : subject.url };
}

/** /begenenler/{yorum|gunluk|liste}/{id}: who liked it, for this reader. */
export async function loadLikersPage(
  services: LibraryServices,
  request: Request,
  params: { kind: string; id: string },
) {
  const type = KINDS[params.kind];
  invariantResponse(type && ROW_ID.test(params.id));
  const target = { type, id: Number(params.id) };
  const { db } = services.database;
  const user = await getOptionalUser(request, services);
  const [liked, thing] = await Promise.all([
    whoLiked(db, target, user?.id ?? null),
    likedThing(db, target),
  ]);
  invariantResponse(liked && thing);
  return { ...liked, thing };
}
