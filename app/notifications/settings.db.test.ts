import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import { user } from "~/db/auth-schema";
import { pushSubscriptions } from "~/db/push-schema";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { deliverPushes } from "./delivery.server";
import { loadPreferences, saveNotificationSettings, setChannel } from "./preferences.server";

const pushed: { userId: string; title: string; tag: string }[] = [];
/** Records each push instead of sending it (push.db.test.ts tests web push itself). */
const send = async (_db: unknown, userId: string, payload: { title: string; tag: string }) => {
  pushed.push({ userId, title: payload.title, tag: payload.tag });
  return { sent: 1, removed: 0 };
};

/*
 * The settings form of /hesap, push's quiet hours and its claims, and account deletion taking
 * every notification row with it.
 */

let database: DatabaseHandle;
/** 23:30 and 08:30 in Istanbul (UTC+3) on 2026-12-03. */
const NIGHT = Date.parse("2026-12-03T20:30:00Z");
const MORNING = Date.parse("2026-12-04T05:30:00Z");

/** A device of the person's, subscribed to push at `at` (sending is `send`'s, so no real keys). */
const subscribeDevice = (userId: string, at: number) =>
  database.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example.com/${userId}`,
    p256dh: "B".repeat(87),
    auth: "a".repeat(22),
    device: "Chrome · Android",
    createdAt: new Date(at),
  });

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of ["ayse", "mehmet"]) await createTestUser(database, id);
});
afterAll(() => database.close());

describe("notification settings", () => {
  it("defaults to everything on but social pushes, a daily digest at 09:00, quiet 23:00-08:00", async () => {
    const prefs = await loadPreferences(database.db, "ayse");
    expect(prefs).toMatchObject({
      digest: "daily",
      digestTime: "09:00",
      digestWeekday: 1,
      quietFrom: "23:00",
      quietTo: "08:00",
    });
    const off = Object.entries(prefs.channels).filter(([, on]) => !on);
    expect(off.map(([key]) => key).sort()).toEqual([
      "new_comment:push",
      "new_follower:push",
      "new_like:push",
    ]);
  });

  it("saves the form and refuses bad input in Turkish, changing nothing", async () => {
    expect(
      await saveNotificationSettings(
        database.db,
        "ayse",
        form([
          ["digest", "weekly"],
          ["digestTime", "25:00"],
          ["quietFrom", "22:00"],
          ["quietTo", "07:00"],
        ]),
      ),
    ).toEqual({ error: "Özet saati SS:DD biçiminde olmalı (ör. 09:00)" });
    expect((await loadPreferences(database.db, "ayse")).digest).toBe("daily");
    expect(
      await saveNotificationSettings(
        database.db,
        "ayse",
        form([
          ["digest", "weekly"],
          ["digestWeekday", "7"],
          ["digestTime", "20:15"],
          ["quietFrom", "22:00"],
          ["quietTo", "07:00"],
        ]),
      ),
    ).toEqual({ error: "Özet günü için listeden bir gün seçin" });
    expect((await loadPreferences(database.db, "ayse")).digest).toBe("daily");
    expect(
      await saveNotificationSettings(
        database.db,
        "ayse",
        form([
          ["digest", "weekly"],
          ["digestWeekday", "5"],
          ["digestTime", "20:15"],
          ["quietFrom", "22:00"],
          ["quietTo", "07:00"],
          ["on", "episode_aired:site"],
          ["on", "new_follower:push"],
          ["on", "episode_aired:push"],
        ]),
      ),
    ).toEqual({ success: "Bildirim ayarlarınız kaydedildi" });
    const prefs = await loadPreferences(database.db, "ayse");
    expect(prefs).toMatchObject({
      digest: "weekly",
      digestWeekday: 5,
      digestTime: "20:15",
      quietFrom: "22:00",
      quietTo: "07:00",
    });
    expect(prefs.channels["episode_aired:push"]).toBe(true);
    expect(prefs.channels["episode_aired:email"]).toBe(false);
    expect(prefs.channels["now_streaming:site"]).toBe(false);
    expect(prefs.channels["new_follower:push"]).toBe(true);
    expect(prefs.channels["new_like:site"]).toBe(false);
  });
});

describe("push delivery", () => {
  it("waits out quiet hours, then pushes each notification once, social ones when turned on", async () => {
    // Mehmet's phone was subscribed before; Ayşe has no device, and is never pushed.
    await subscribeDevice("mehmet", Date.parse("2026-12-01T10:00:00Z"));
    await database.db.execute(
      sql`insert into notifications (user_id, kind, subject, payload, created_at) values
          ('ayse', 'episode_aired', 'tv:11:2026-12-03',
           '{"title":"Şahsiyet: yeni bölüm","body":"1. Sezon 3. Bölüm","url":"/dizi/11/sezon/1/bolum/3"}',
           ${new Date(NIGHT - 60_000).toISOString()}::timestamptz),
          ('mehmet', 'episode_aired', 'tv:11:2026-12-03',
           '{"title":"Şahsiyet: yeni bölüm","body":"1. Sezon 3. Bölüm","url":"/dizi/11/sezon/1/bolum/3"}',
           ${new Date(NIGHT - 60_000).toISOString()}::timestamptz),
          ('mehmet', 'new_follower', 'follower:ayse',
           '{"title":"Ayşe sizi takip etmeye başladı","body":"","url":"/u/ayse"}',
           ${new Date(NIGHT - 60_000).toISOString()}::timestamptz)`,
    );
    expect(await deliverPushes(database.db, { at: NIGHT, send })).toEqual({
      sent: 0,
      skipped: 0,
      failed: 0,
    });
    expect(await deliverPushes(database.db, { at: MORNING, send })).toEqual({
      sent: 1,
      skipped: 0,
      failed: 0,
    });
    expect(await deliverPushes(database.db, { at: MORNING + 60_000, send })).toEqual({
      sent: 0,
      skipped: 0,
      failed: 0,
    });
    expect(pushed).toEqual([
      {
        userId: "mehmet",
        title: "Şahsiyet: yeni bölüm",
        tag: expect.stringMatching(/^episode_aired:/),
      },
    ]);
    // A new follower is pushed only once the person turns that on.
    await setChannel(database.db, "mehmet", "new_follower", "push", true);
    expect(await deliverPushes(database.db, { at: MORNING + 120_000, send })).toMatchObject({
      sent: 1,
    });
    expect(pushed.map((push) => push.title)).toEqual([
      "Şahsiyet: yeni bölüm",
      "Ayşe sizi takip etmeye başladı",
    ]);
    // A device Ayşe subscribes now gets what comes from now on, not the day's backlog.
    await subscribeDevice("ayse", MORNING);
    await database.db.execute(
      sql`insert into notifications (user_id, kind, subject, payload, created_at) values
          ('ayse', 'episode_aired', 'tv:11:2026-12-04',
           '{"title":"Şahsiyet: yeni bölüm","body":"1. Sezon 4. Bölüm","url":"/dizi/11/sezon/1/bolum/4"}',
           ${new Date(MORNING + 60_000).toISOString()}::timestamptz)`,
    );
    expect(await deliverPushes(database.db, { at: MORNING + 180_000, send })).toMatchObject({
      sent: 1,
    });
    expect(pushed.map((push) => [push.userId, push.tag.split(":")[0]])).toEqual([
      ["mehmet", "episode_aired"],
      ["mehmet", "new_follower"],
      ["ayse", "episode_aired"],
    ]);
  });
});

describe("account deletion", () => {
  it("removes the person's notifications, deliveries and settings", async () => {
    await database.db.delete(user).where(eq(user.id, "mehmet"));
    await database.db.delete(user).where(eq(user.id, "ayse"));
    const [left] = await queryRows<{ count: number }>(
      database.db,
      sql`select (select count(*) from notifications) + (select count(*) from notification_deliveries)
          + (select count(*) from notification_settings)
          + (select count(*) from notification_preferences) as count`,
    );
    expect(Number(left!.count)).toBe(0);
  });
});
