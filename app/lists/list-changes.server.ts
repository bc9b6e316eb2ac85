import { allow } from "~/accounts/rate-limit.server";
import type { LibraryServices } from "~/library/library-services.server";
import { listPageRefs } from "./lists.server";

/*
 * What every list change does besides writing, from the list pages' forms and from "Listeye
 * ekle…" alike: counts against the person's allowance first, and tells every instance afterwards.
 */

/** Per person and hour (decision 008's counters): new lists, and every other change. */
export const LIST_RATE_LIMITS = {
  create: { limit: 20, windowSeconds: 60 * 60 },
  change: { limit: 600, windowSeconds: 60 * 60 },
} as const;

const RATE_MESSAGES = {
  create: "Kısa sürede çok fazla liste oluşturdunuz. Lütfen biraz sonra yeniden deneyin.",
  change: "Kısa sürede çok fazla değişiklik yaptınız. Lütfen biraz sonra yeniden deneyin.",
} as const;

/** Counts one list creation or change for the person; the Turkish refusal when over the limit. */
export async function overRateLimit(
  services: LibraryServices,
  userId: string,
  kind: keyof typeof LIST_RATE_LIMITS,
): Promise<string | null> {
  const { limit, windowSeconds } = LIST_RATE_LIMITS[kind];
  const within = await allow(services.database.db, `lists:${kind}:${userId}`, limit, windowSeconds);
  return within ? null : RATE_MESSAGES[kind];
}

/** Tells every instance that the list's pages changed (its page, its owner's profile). */
export async function announceList(services: LibraryServices, listId: number) {
  await services.changes.changed(await listPageRefs(services.database.db, listId));
}
