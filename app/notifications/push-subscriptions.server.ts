import { isIP } from "node:net";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { answering, values, type FormFailure } from "~/accounts/account-actions.server";
import type { AccountServices } from "~/accounts/account-services.server";
import { deviceLabel } from "~/accounts/device";
import type { CurrentUser } from "~/accounts/guards.server";
import { paths } from "~/core/paths";
import type { Database } from "~/db/client.server";
import { PUSH_LIMITS, pushSubscriptions } from "~/db/push-schema";
import { endpointHost, vapidPublicKey } from "./push.server";

/*
 * The person's web push subscriptions (decision 036): made from /hesap by the browser's
 * PushManager, posted here, kept per person. Every query names the person: nobody reads, lists
 * or deletes another's subscription.
 */

const PUSH_OFF_HERE = "Anlık bildirimler bu sunucuda ayarlanmamış.";
const INVALID = "Bu cihazın bildirim aboneliği geçersiz. Sayfayı yenileyip yeniden deneyin.";

/** Hosts that are this machine or a private network's, never a push service. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    isIP(host) !== 0 ||
    !host.includes(".") ||
    /(^|\.)(localhost|local|internal|lan|home\.arpa|localdomain)$/.test(host)
  );
}

/**
 * What a browser's PushSubscription must look like: an https endpoint of a push service on the
 * default port (the server posts to it, so never an address of this machine or of a private
 * network), and the keys RFC 8291 names, in base64url.
 */
const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: INVALID })
    .max(PUSH_LIMITS.endpointLength, INVALID)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          url.protocol === "https:" &&
          url.port === "" &&
          url.username === "" &&
          url.password === "" &&
          !isPrivateHost(url.hostname)
        );
      } catch {
        return false;
      }
    }, INVALID),
  p256dh: z
    .string({ error: INVALID })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${PUSH_LIMITS.p256dhLength}}$`), INVALID)
    // An uncompressed P-256 point starts with 0x04: "B" in base64url.
    .startsWith("B", INVALID),
  auth: z
    .string({ error: INVALID })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${PUSH_LIMITS.authLength}}$`), INVALID),
});

const done = (services: AccountServices, message: string) =>
  services.flash.redirect(`${paths.account}#anlik-bildirimler`, "success", message);

/** Keeps this browser's subscription for the person (its keys renewed when it was theirs). */
export async function subscribePush(
  services: AccountServices,
  user: CurrentUser,
  form: FormData,
  userAgent: string | null,
): Promise<Response | FormFailure> {
  if (!vapidPublicKey()) return { error: PUSH_OFF_HERE };
  const parsed = pushSubscriptionSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { endpoint, p256dh, auth } = parsed.data;
  const db = services.database.db;
  return answering(services, undefined, async () => {
    const [held] = await db
      .select({ count: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    if ((held?.count ?? 0) >= PUSH_LIMITS.perPerson) {
      return {
        error: `En fazla ${PUSH_LIMITS.perPerson} cihazda bildirim açabilirsiniz. Önce birini kapatın.`,
      };
    }
    // One statement: a new endpoint is inserted; the person's own is renewed; another person's
    // is left alone (the update's condition fails and nothing comes back).
    const saved = await db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint, p256dh, auth, device: deviceLabel(userAgent) })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh, auth, device: deviceLabel(userAgent) },
        setWhere: sql`${pushSubscriptions.userId} = ${user.id}`,
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) {
      return {
        error: "Bu tarayıcının bildirimleri başka bir hesaba bağlı. O hesaptan çıkış yapın.",
      };
    }
    return done(services, "Bildirimler bu cihazda açıldı");
  });
}

/** Deletes one of the person's subscriptions: by its id (the list) or its endpoint (this device). */
export async function unsubscribePush(
  services: AccountServices,
  user: CurrentUser,
  form: FormData,
): Promise<Response | FormFailure> {
  const id = Number(form.get("subscriptionId"));
  const endpoint = form.get("endpoint");
  const which =
    Number.isSafeInteger(id) && id > 0
      ? eq(pushSubscriptions.id, id)
      : typeof endpoint === "string" &&
          endpoint !== "" &&
          endpoint.length <= PUSH_LIMITS.endpointLength
        ? eq(pushSubscriptions.endpoint, endpoint)
        : undefined;
  if (!which) return { error: "Bildirim aboneliği bulunamadı" };
  return answering(services, undefined, async () => {
    const removed = await services.database.db
      .delete(pushSubscriptions)
      .where(and(which, eq(pushSubscriptions.userId, user.id)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length === 0) return { error: "Bildirim aboneliği bulunamadı" };
    return done(services, "Bildirimler bu cihazda kapatıldı");
  });
}

export interface PushDevice {
  id: number;
  device: string;
  /** The push service's host: enough to tell them apart, nothing that could send to it. */
  service: string;
  createdAt: string;
}

/** The person's subscribed devices, newest first, for /hesap. */
export async function listPushDevices(db: Database, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    service: endpointHost(row.endpoint),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Verilerim: each subscription by its device and push service's host, never its endpoint or keys. */
export async function exportPushSubscriptions(db: Database, userId: string) {
  const devices = await listPushDevices(db, userId);
  return devices.map(({ device, service, createdAt }) => ({
    device,
    endpointHost: service,
    createdAt,
  }));
}
