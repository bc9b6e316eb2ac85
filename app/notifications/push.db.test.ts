import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionServices } from "../../tests/support/action-services";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import { user } from "~/db/auth-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { pushSubscriptions } from "~/db/push-schema";
import type { AccountServices } from "~/accounts/account-services.server";
import type { CurrentUser } from "~/accounts/guards.server";
import { configurePush, PushDeliveryError, sendPushToPerson } from "./push.server";
import {
  exportPushSubscriptions,
  listPushDevices,
  subscribePush,
  unsubscribePush,
} from "./push-subscriptions.server";

/*
 * Web push end to end without a browser (decision 036): a local push endpoint (an https server
 * of this test, its certificate in tests/fixtures/push) receives what sendPushToPerson sends and
 * decrypts it with the subscription keys this test made (RFC 8291: ECDH P-256, HKDF, aes128gcm of
 * RFC 8188), and checks the VAPID signature (RFC 8292) with the site's public key.
 */

const fixtures = path.join(import.meta.dirname, "../../tests/fixtures/push");
const cert = readFileSync(path.join(fixtures, "endpoint-cert.pem"));

/** A browser's side of a subscription: its key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") },
  };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

/** RFC 8291 section 3 and RFC 8188: what the browser does with a push's body. */
function decrypt(body: Buffer, receiver: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const shared = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    receiver.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by the site's private key. */
function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "");
  expect(match).not.toBeNull();
  const [, token, key] = match!;
  expect(key).toBe(publicKey);
  const [head, claims, signature] = token!.split(".");
  const point = Buffer.from(publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33, 65).toString("base64url"),
  };
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(valid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as { aud: string };
  expect(payload.aud).toBe(audience);
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let handle: DatabaseHandle;
let endpoint: Server;
let origin: string;
const received: Received[] = [];
/** What the push service answers, per path (201 by default). */
const answers = new Map<string, number>();
const site = (() => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey("base64url"),
    privateKey: ecdh.getPrivateKey("base64url"),
    subject: "mailto:bildirim@perde.test",
  };
})();

beforeAll(async () => {
  handle = await createTestDatabase();
  for (const id of ["ayse", "mehmet", "zeynep"]) await createTestUser(handle, id);
  endpoint = createServer(
    { key: readFileSync(path.join(fixtures, "endpoint-key.pem")), cert },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = answers.get(req.url ?? "") ?? 201;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
  configurePush({ vapid: site, agent: new Agent({ ca: cert }) });
});
afterAll(async () => {
  configurePush({});
  await new Promise((resolve) => endpoint.close(resolve));
  await handle.close();
});

async function subscribe(userId: string, name: string): Promise<BrowserKeys> {
  const browser = browserKeys();
  await handle.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `${origin}/push/${name}`,
    ...browser.keys,
    device: "Chrome · Linux",
  });
  return browser;
}

const payload = {
  title: "Şahsiyet: 2 yeni bölüm",
  body: "1. sezon 3. ve 4. bölüm yayında",
  url: "/dizi/sahsiyet",
  tag: "episodes:tv:1",
};

describe("sendPushToPerson", () => {
  it("sends the payload encrypted to each of the person's browsers, signed with VAPID", async () => {
    const phone = await subscribe("ayse", "ayse-phone");
    const laptop = await subscribe("ayse", "ayse-laptop");
    await subscribe("mehmet", "mehmet-phone");
    received.length = 0;
    expect(await sendPushToPerson(handle.db, "ayse", payload)).toEqual({ sent: 2, removed: 0 });
    expect(received.map((push) => push.path).sort()).toEqual([
      "/push/ayse-laptop",
      "/push/ayse-phone",
    ]);
    for (const push of received) {
      const keys = push.path.endsWith("phone") ? phone : laptop;
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      // What travels is ciphertext: not a word of the Turkish text is readable on the way.
      expect(push.body.toString("latin1")).not.toContain("yeni");
      expect(JSON.parse(decrypt(push.body, keys))).toEqual(payload);
      checkVapid(push.headers.authorization as string | undefined, site.publicKey, origin);
    }
    // Another's keys cannot read it.
    expect(() => decrypt(received[0]!.body, browserKeys())).toThrow();
  });

  it("deletes a subscription its push service says is gone (404, 410) and keeps the others", async () => {
    await subscribe("zeynep", "zeynep-old");
    await subscribe("zeynep", "zeynep-gone");
    await subscribe("zeynep", "zeynep-new");
    answers.set("/push/zeynep-old", 404);
    answers.set("/push/zeynep-gone", 410);
    expect(await sendPushToPerson(handle.db, "zeynep", payload)).toEqual({ sent: 1, removed: 2 });
    const left = await handle.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, "zeynep"));
    expect(left.map((row) => row.endpoint)).toEqual([`${origin}/push/zeynep-new`]);
  });

  it("throws for other failures so the job retries, keeping the subscription and no endpoint in the message", async () => {
    answers.set("/push/zeynep-new", 500);
    const failure = await sendPushToPerson(handle.db, "zeynep", payload).catch((error) => error);
    expect(failure).toBeInstanceOf(PushDeliveryError);
    expect((failure as PushDeliveryError).failures).toEqual([
      { host: new URL(origin).host, status: 500 },
    ]);
    expect(String(failure)).not.toContain("/push/");
    answers.delete("/push/zeynep-new");
    expect(await sendPushToPerson(handle.db, "zeynep", payload)).toEqual({ sent: 1, removed: 0 });
  });

  it("sends nothing to a person without subscriptions, nor when push is off on the server", async () => {
    received.length = 0;
    const nobody = await createTestUser(handle, "nobody");
    expect(await sendPushToPerson(handle.db, nobody, payload)).toEqual({ sent: 0, removed: 0 });
    configurePush({});
    expect(await sendPushToPerson(handle.db, "ayse", payload)).toEqual({ sent: 0, removed: 0 });
    configurePush({ vapid: site, agent: new Agent({ ca: cert }) });
    expect(received).toHaveLength(0);
  });
});

describe("the subscription forms", () => {
  const person = (id: string): CurrentUser => ({ id, email: `${id}@example.com`, name: id });
  const services = () => actionServices(handle, {}).services as unknown as AccountServices;
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
  const fcm = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}`;

  it("keeps a valid subscription for the person and lists it by host only", async () => {
    await createTestUser(handle, "deniz");
    const { keys } = browserKeys();
    const answer = await subscribePush(
      services(),
      person("deniz"),
      form({ endpoint: fcm("deniz-1"), ...keys }),
      chrome,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    const devices = await listPushDevices(handle.db, "deniz");
    expect(devices).toMatchObject([{ device: "Chrome · Linux", service: "fcm.googleapis.com" }]);
    const exported = await exportPushSubscriptions(handle.db, "deniz");
    expect(JSON.stringify(exported)).not.toContain("deniz-1");
    expect(JSON.stringify(exported)).not.toContain(keys.auth);
    // The same browser again: its keys are renewed, still one row.
    await subscribePush(
      services(),
      person("deniz"),
      form({ endpoint: fcm("deniz-1"), ...browserKeys().keys }),
      chrome,
    );
    expect(await listPushDevices(handle.db, "deniz")).toHaveLength(1);
  });

  it("refuses what is not a push service's subscription, in Turkish", async () => {
    const { keys } = browserKeys();
    const refused = [
      { endpoint: "http://fcm.googleapis.com/fcm/send/x", ...keys },
      { endpoint: "https://127.0.0.1/push", ...keys },
      { endpoint: "https://[::1]/push", ...keys },
      { endpoint: "https://localhost/push", ...keys },
      { endpoint: "https://metadata.internal/push", ...keys },
      { endpoint: "https://fcm.googleapis.com:8443/push", ...keys },
      { endpoint: "https://user:pw@fcm.googleapis.com/push", ...keys },
      { endpoint: `https://fcm.googleapis.com/${"a".repeat(2100)}`, ...keys },
      { endpoint: "not a url", ...keys },
      { endpoint: fcm("short-key"), p256dh: "B" + "a".repeat(20), auth: keys.auth },
      { endpoint: fcm("bad-auth"), p256dh: keys.p256dh, auth: "!".repeat(22) },
      { endpoint: fcm("no-keys") },
    ];
    for (const fields of refused) {
      const answer = await subscribePush(services(), person("deniz"), form(fields), chrome);
      expect(answer).toEqual({
        error: "Bu cihazın bildirim aboneliği geçersiz. Sayfayı yenileyip yeniden deneyin.",
      });
    }
    expect(await listPushDevices(handle.db, "deniz")).toHaveLength(1);
  });

  it("never lets a person take, read or delete another's subscription", async () => {
    await createTestUser(handle, "ece");
    const taken = await subscribePush(
      services(),
      person("ece"),
      form({ endpoint: fcm("deniz-1"), ...browserKeys().keys }),
      chrome,
    );
    expect(taken).toEqual({ error: expect.stringContaining("başka bir hesaba bağlı") });
    expect(await listPushDevices(handle.db, "ece")).toEqual([]);
    const [denizDevice] = await listPushDevices(handle.db, "deniz");
    const attempts: Record<string, string>[] = [
      { subscriptionId: String(denizDevice!.id) },
      { endpoint: fcm("deniz-1") },
    ];
    for (const fields of attempts) {
      expect(await unsubscribePush(services(), person("ece"), form(fields))).toEqual({
        error: "Bildirim aboneliği bulunamadı",
      });
    }
    expect(await listPushDevices(handle.db, "deniz")).toHaveLength(1);
    // Its owner can, from the list or from the device itself.
    const gone = await unsubscribePush(
      services(),
      person("deniz"),
      form({ endpoint: fcm("deniz-1") }),
    );
    expect((gone as Response).status).toBe(302);
    expect(await listPushDevices(handle.db, "deniz")).toEqual([]);
  });

  it("removes every subscription with the account", async () => {
    await createTestUser(handle, "can");
    await subscribePush(
      services(),
      person("can"),
      form({ endpoint: fcm("can-1"), ...browserKeys().keys }),
      chrome,
    );
    await handle.db.delete(user).where(eq(user.id, "can"));
    const left = await handle.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, fcm("can-1")));
    expect(left).toEqual([]);
  });
});
