import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { channelDefault } from "~/db/notification-channels.server";
import type { DigestFrequency } from "./labels";
import {
  DIGEST_FREQUENCIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  notificationPreferences,
  notificationSettings,
  type NotificationChannel,
  type NotificationKind,
} from "~/db/notifications-schema";

/*
 * A person's notification settings (issue #36.4): each kind on or off per channel (on unless
 * turned off; push for the social kinds off unless turned on), the e-mail digest (daily at 09:00
 * Istanbul unless changed; weekly on Mondays unless another day is chosen) and push's quiet
 * hours (23:00-08:00 unless changed).
 */

const DEFAULT_PREFERENCES = {
  digest: "daily" as DigestFrequency,
  digestMinute: 9 * 60,
  digestWeekday: 1,
  quietFrom: 23 * 60,
  quietTo: 8 * 60,
};

export interface NotificationPreferences {
  digest: DigestFrequency;
  /** "09:00" */
  digestTime: string;
  /** The weekly digest's day: 0 Sunday, 1 Monday … 6 Saturday (Istanbul). */
  digestWeekday: number;
  quietFrom: string;
  quietTo: string;
  /** `kind:channel` → on. */
  channels: Record<`${NotificationKind}:${NotificationChannel}`, boolean>;
}

const minuteToTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** "09:30" → 570; null for anything else. */
function timeToMinute(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export async function loadPreferences(
  db: Database,
  userId: string,
): Promise<NotificationPreferences> {
  const [[row], settings] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select({
        kind: notificationSettings.kind,
        channel: notificationSettings.channel,
        enabled: notificationSettings.enabled,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
  ]);
  const channels = {} as NotificationPreferences["channels"];
  for (const kind of NOTIFICATION_KINDS)
    for (const channel of NOTIFICATION_CHANNELS)
      channels[`${kind}:${channel}`] = channelDefault(kind, channel);
  for (const setting of settings) channels[`${setting.kind}:${setting.channel}`] = setting.enabled;
  const prefs = row ?? DEFAULT_PREFERENCES;
  return {
    digest: prefs.digest,
    digestTime: minuteToTime(prefs.digestMinute),
    digestWeekday: prefs.digestWeekday,
    quietFrom: minuteToTime(prefs.quietFrom),
    quietTo: minuteToTime(prefs.quietTo),
    channels,
  };
}

/** Turns one kind on or off on one channel. */
export async function setChannel(
  db: Database,
  userId: string,
  kind: NotificationKind,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, kind, channel, enabled })
    .onConflictDoUpdate({
      target: [
        notificationSettings.userId,
        notificationSettings.kind,
        notificationSettings.channel,
      ],
      set: { enabled, updatedAt: sql`now()` },
    });
}

export type SettingsAnswer = { success: string } | { error: string };

/**
 * The settings form of /hesap: a checkbox per kind × channel (`kind:channel`), the digest's
 * frequency, day (weekly) and time, push's quiet hours. Bad input changes nothing and says why.
 */
export async function saveNotificationSettings(
  db: Database,
  userId: string,
  form: FormData,
): Promise<SettingsAnswer> {
  const digest = String(form.get("digest") ?? "");
  if (!(DIGEST_FREQUENCIES as readonly string[]).includes(digest))
    return { error: "Özet sıklığı için listeden bir seçenek seçin" };
  // The day is asked whatever the frequency (the form works without JavaScript); a form
  // without it (an older page) keeps Monday.
  const weekdayField = String(form.get("digestWeekday") ?? "1");
  if (!/^[0-6]$/.test(weekdayField)) return { error: "Özet günü için listeden bir gün seçin" };
  const digestWeekday = Number(weekdayField);
  const digestMinute = timeToMinute(String(form.get("digestTime") ?? ""));
  if (digestMinute === null) return { error: "Özet saati SS:DD biçiminde olmalı (ör. 09:00)" };
  const quietFrom = timeToMinute(String(form.get("quietFrom") ?? ""));
  const quietTo = timeToMinute(String(form.get("quietTo") ?? ""));
  if (quietFrom === null || quietTo === null)
    return { error: "Sessiz saatler SS:DD biçiminde olmalı (ör. 23:00 ve 08:00)" };
  const on = new Set(form.getAll("on").map(String));
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values({
        userId,
        digest: digest as DigestFrequency,
        digestMinute,
        digestWeekday,
        quietFrom,
        quietTo,
      })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: {
          digest: digest as DigestFrequency,
          digestMinute,
          digestWeekday,
          quietFrom,
          quietTo,
          updatedAt: sql`now()`,
        },
      });
    for (const kind of NOTIFICATION_KINDS)
      for (const channel of NOTIFICATION_CHANNELS)
        await setChannel(
          tx as unknown as Database,
          userId,
          kind,
          channel,
          on.has(`${kind}:${channel}`),
        );
  });
  return { success: "Bildirim ayarlarınız kaydedildi" };
}

/** Verilerim: the settings, as the person set them (defaults filled in). */
export async function exportNotificationSettings(db: Database, userId: string) {
  return loadPreferences(db, userId);
}
