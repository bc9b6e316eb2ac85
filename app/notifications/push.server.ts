import type { Database } from "~/db/client.server";

/*
 * STUB, replaced at merge by the `push` helper's web push (issue #36, decision 036): the
 * interface the delivery job calls. Until then nobody has a push subscription, so nothing is
 * sent.
 */

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export async function sendPushToPerson(
  _db: Database,
  _userId: string,
  _payload: PushPayload,
): Promise<{ sent: number; removed: number }> {
  return { sent: 0, removed: 0 };
}
