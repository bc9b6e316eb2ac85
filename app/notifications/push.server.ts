import type { Agent } from "node:https";
import { and, eq, inArray } from "drizzle-orm";
import webpush, { WebPushError } from "web-push";
import type { VapidKeys } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { pushSubscriptions } from "~/db/push-schema";

/*
 * Sending web push (issue #36, decision 036). The payload is encrypted for each subscription by
 * `web-push` (RFC 8291, aes128gcm) and signed with the site's VAPID key (RFC 8292). Whether to
 * send at all (the person's settings, quiet hours) is the notifications domain's decision: this
 * module only delivers.
 */

export interface PushPayload {
  title: string;
  body: string;
  /** A same-origin path the notification opens ("/dizi/…"); the service worker refuses others. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

interface PushSettings {
  vapid?: VapidKeys;
  /** Tests: an agent that trusts the local push endpoint's certificate. */
  agent?: Agent;
}

let settings: PushSettings = {};

/** Called once at start (services.server.ts) with the VAPID keys; tests add their agent. */
export function configurePush(next: PushSettings): void {
  settings = next;
}

/** The public key browsers subscribe with, or undefined when push is off on this server. */
export function vapidPublicKey(): string | undefined {
  return settings.vapid?.publicKey;
}

/** How long a push service keeps a push for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** Some of a person's push services failed with something other than "gone": retry later. */
export class PushDeliveryError extends Error {
  override name = "PushDeliveryError";
  constructor(
    readonly sent: number,
    readonly removed: number,
    readonly failures: { host: string; status?: number }[],
  ) {
    super(
      `web push failed for ${failures.length} subscription(s): ${failures
        .map((failure) => `${failure.host} ${failure.status ?? "no answer"}`)
        .join(", ")}`,
    );
  }
}

/**
 * Sends `payload` to every browser the person subscribed. A push service answering 404 or 410
 * (the subscription expired or was withdrawn) has that subscription deleted. Any other failure
 * (a 5xx, 429, a timeout, a refused connection) throws a PushDeliveryError once every
 * subscription was tried, so the caller's job can retry; the error names hosts, never endpoints.
 */
export async function sendPushToPerson(
  db: Database,
  userId: string,
  payload: PushPayload,
): Promise<{ sent: number; removed: number }> {
  const { vapid, agent } = settings;
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (rows.length === 0 || !vapid) return { sent: 0, removed: 0 };
  const body = JSON.stringify({
    title: payload.title,
    body: payload.body,
    url: payload.url,
    tag: payload.tag,
  });
  const results = await Promise.allSettled(
    rows.map((row) =>
      webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        body,
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: "normal",
          contentEncoding: "aes128gcm",
          timeout: TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      ),
    ),
  );
  const gone: number[] = [];
  const failures: { host: string; status?: number }[] = [];
  let sent = 0;
  results.forEach((result, index) => {
    const row = rows[index]!;
    if (result.status === "fulfilled") {
      sent += 1;
      return;
    }
    const status = result.reason instanceof WebPushError ? result.reason.statusCode : undefined;
    if (status === 404 || status === 410) gone.push(row.id);
    else failures.push({ host: endpointHost(row.endpoint), status });
  });
  if (gone.length > 0) {
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, gone)));
  }
  if (failures.length > 0) throw new PushDeliveryError(sent, gone.length, failures);
  return { sent, removed: gone.length };
}

/** The host of a push endpoint: all that is shown or logged of it (the rest is a capability). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "?";
  }
}
