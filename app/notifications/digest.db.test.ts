import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import { createMailer, type Mailer } from "~/accounts/mailer.server";
import type { Env } from "~/core/env.server";
import { createLogger } from "~/core/logger.server";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { dueDigestPeople, sendDigest, type DigestServices } from "./digest.server";
import { loadPreferences } from "./preferences.server";
import { readUnsubscribeToken, unsubscribe } from "./unsubscribe.server";

/*
 * The e-mail digest against a real SMTP server started here (smtp-server), each mail parsed
 * (mailparser): its subject, Turkish text and HTML, RFC 8058 headers and the signed link; a send
 * that fails and is retried; a batch killed mid-way and run again sends nothing twice.
 */

let database: DatabaseHandle;
let smtp: SMTPServer;
const received: ParsedMail[] = [];
let mailer: Mailer;
let waiters: (() => void)[] = [];

const env = { publicSiteUrl: "https://perde.example", authSecret: "s".repeat(40) };
const services = (use: Mailer = mailer): DigestServices => ({ database, mailer: use, env });
/** 09:30 in Istanbul on Thursday 2026-12-03 (UTC+3). */
const AT = Date.parse("2026-12-03T06:30:00Z");

const until = (count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (received.length >= count ? resolve() : waiters.push(check));
    check();
  });

/** A header as it was written (mailparser folds List-* headers into one structured value). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();

async function notify(userId: string, kind: string, subject: string, title: string) {
  await database.db.execute(
    sql`insert into notifications (user_id, kind, subject, payload, created_at)
        values (${userId}, ${kind}, ${subject},
          ${JSON.stringify({ title, body: `${title} ayrıntısı`, url: "/dizi/11/sezon/1" })}::jsonb,
          ${new Date(AT - 3_600_000).toISOString()}::timestamptz)`,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          const waiting = waiters;
          waiters = [];
          for (const check of waiting) check();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  mailer = createMailer(
    {
      databaseUrl: "postgres://unused",
      smtp: { host: "127.0.0.1", port, from: "Perde <bildirim@perde.example>" },
    } as unknown as Env,
    createLogger("silent"),
  );
  for (const id of ["ayse", "mehmet", "p1", "p2", "p3"]) await createTestUser(database, id);
});
afterAll(async () => {
  mailer.close?.();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

describe("the e-mail digest", () => {
  it("is due at the person's time, once a day", async () => {
    await notify("ayse", "episode_aired", "tv:11:2026-12-03", "Şahsiyet: 2 yeni bölüm");
    await notify("ayse", "now_streaming", "movie:501:8", "Kış Uykusu artık Netflix'te");
    expect(await dueDigestPeople(database.db, Date.parse("2026-12-03T05:59:00Z"))).toEqual([]);
    expect(await dueDigestPeople(database.db, AT)).toEqual(["ayse"]);
  });

  it("arrives in Turkish with one-click unsubscribe headers and signed links", async () => {
    expect(await sendDigest(services(), "ayse", AT)).toBe(2);
    await until(1);
    const mail = received[0]!;
    expect(mail.subject).toBe("Perde: 2 yeni bildirim");
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("ayse@example.com");
    expect(mail.text).toContain("Şahsiyet: 2 yeni bölüm");
    expect(mail.text).toContain("Kış Uykusu artık Netflix'te");
    expect(mail.text).toContain("https://perde.example/dizi/11/sezon/1");
    expect(mail.html).toContain("Takip ettiğiniz dizilerin yeni bölümleri");
    expect(mail.html).toContain("Kış Uykusu artık Netflix&#39;te");
    expect(rawHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const header = rawHeader(mail, "List-Unsubscribe") ?? "";
    const link = /<(https:\/\/perde\.example\/bildirimler\/abonelik\/[^>]+)>/.exec(header)?.[1];
    expect(link).toBeDefined();
    // Two kinds in one mail: the header's link turns the whole digest off.
    const token = new URL(link!).pathname.split("/").pop()!;
    expect(readUnsubscribeToken(env.authSecret, token)).toEqual({
      userId: "ayse",
      kind: "digest",
    });
    // Sent: not due again today, and nothing is mailed twice.
    expect(await dueDigestPeople(database.db, AT + 600_000)).toEqual([]);
    expect(await sendDigest(services(), "ayse", AT + 600_000)).toBe(0);

    // Each kind's own link (in the text) turns only that kind off, without a session.
    const kindLink = /https:\/\/perde\.example\/bildirimler\/abonelik\/\S+/.exec(mail.text!)![0];
    const kindToken = new URL(kindLink).pathname.split("/").pop()!;
    expect(readUnsubscribeToken(env.authSecret, `${kindToken}x`)).toBeNull();
    expect(await unsubscribe(database.db, env.authSecret, kindToken)).toBe(true);
    const prefs = await loadPreferences(database.db, "ayse");
    expect(prefs.channels["episode_aired:email"]).toBe(false);
    expect(prefs.channels["now_streaming:email"]).toBe(true);
    expect(prefs.channels["episode_aired:site"]).toBe(true);
  });

  it("gives the claims back when the send fails, and the retry sends once", async () => {
    await notify("mehmet", "in_cinemas", "movie:501:2026-11-27", "Kış Uykusu bu hafta sinemalarda");
    const failing: Mailer = {
      available: true,
      send: async () => {
        throw new Error("421 try again later");
      },
    };
    await expect(sendDigest(services(failing), "mehmet", AT)).rejects.toThrow("421");
    expect(await dueDigestPeople(database.db, AT)).toContain("mehmet");
    const before = received.length;
    expect(await sendDigest(services(), "mehmet", AT)).toBe(1);
    await until(before + 1);
    expect(received[before]!.subject).toBe("Perde: Kış Uykusu bu hafta sinemalarda");
    // A single kind: the header's link turns that kind off.
    const header = rawHeader(received[before]!, "List-Unsubscribe") ?? "";
    const token = /abonelik\/([^>]+)>/.exec(header)![1]!;
    expect(readUnsubscribeToken(env.authSecret, token)?.kind).toBe("in_cinemas");
  });

  it("killed mid-batch and run again, sends nothing twice", async () => {
    for (const id of ["p1", "p2", "p3"])
      await notify(id, "episode_aired", "tv:12:2026-12-03", "Bir Başkadır: yeni bölüm");
    const before = received.length;
    // The first run dies while p2's mail is out (its answer never comes back to the job).
    const dying: Mailer = {
      available: true,
      async send(mail) {
        await mailer.send(mail);
        if (mail.to === "p2@example.com") await new Promise(() => {});
      },
    };
    void (async () => {
      for (const id of ["p1", "p2", "p3"]) await sendDigest(services(dying), id, AT);
    })();
    await until(before + 2);
    // Restarted: the batch runs again from the start.
    for (const id of ["p1", "p2", "p3"]) await sendDigest(services(), id, AT);
    await until(before + 3);
    const recipients = received
      .slice(before)
      .map((mail) => (mail.to && "text" in mail.to ? mail.to.text : ""));
    expect(recipients.sort()).toEqual(["p1@example.com", "p2@example.com", "p3@example.com"]);
    const states = await queryRows<{ state: string; count: number }>(
      database.db,
      sql`select d.state, count(*)::int as count from notification_deliveries d
          join notifications n on n.id = d.notification_id
          where n.user_id in ('p1', 'p2', 'p3') group by d.state order by d.state`,
    );
    // p2's claim stays "sending": never sent again.
    expect(states).toEqual([
      { state: "sending", count: 1 },
      { state: "sent", count: 2 },
    ]);
  });
});

describe("the weekly digest", () => {
  it("comes on the person's chosen day at their time, Monday by default", async () => {
    await createTestUser(database, "selin");
    await notify("selin", "episode_aired", "tv:12:2026-12-03", "Bir Başkadır: yeni bölüm");
    const due = async (at: number) => (await dueDigestPeople(database.db, at)).includes("selin");
    // Weekly without a chosen day: Mondays only (Thursday's 09:30 is not its time).
    await database.db.execute(
      sql`insert into notification_preferences (user_id, digest) values ('selin', 'weekly')`,
    );
    expect(await due(AT)).toBe(false);
    expect(await due(Date.parse("2026-12-07T06:30:00Z"))).toBe(true);
    // Thursdays at 10:00 Istanbul.
    await database.db.execute(
      sql`update notification_preferences set digest_weekday = 4, digest_minute = 600
          where user_id = 'selin'`,
    );
    expect(await due(AT)).toBe(false);
    expect(await due(Date.parse("2026-12-03T07:00:00Z"))).toBe(true);
    expect(await due(Date.parse("2026-12-07T07:00:00Z"))).toBe(false);
    expect(await loadPreferences(database.db, "selin")).toMatchObject({
      digest: "weekly",
      digestWeekday: 4,
      digestTime: "10:00",
    });
  });
});
