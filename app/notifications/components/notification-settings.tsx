import type { ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import {
  CHANNEL_LABELS,
  CHANNELS as NOTIFICATION_CHANNELS,
  DIGEST_LABELS,
  DIGESTS,
  KIND_LABELS,
  KINDS as NOTIFICATION_KINDS,
  WEEKDAY_LABELS,
} from "../labels";
import type { NotificationPreferences } from "../preferences.server";

/**
 * The Bildirimler panel of /hesap (issue #36.4): a checkbox per kind and channel, the e-mail
 * digest's frequency, day (weekly) and time, push's quiet hours; one form that works without
 * JavaScript.
 * `push`: web push's own part (subscribe on this device), from app/notifications/components.
 */
export function NotificationSettings({
  preferences,
  push,
}: {
  preferences: NotificationPreferences;
  push?: ReactNode;
}) {
  const answer = useActionData() as
    { intent?: string; error?: string; success?: string } | undefined;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "notifications";
  const mine = answer?.intent === "notifications" ? answer : undefined;
  return (
    <section
      aria-labelledby="bildirimler"
      className="space-y-4 rounded-2xl border bg-card p-5 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id="bildirimler" className="text-xl font-semibold">
          Bildirimler
        </h2>
        <p className="text-sm text-muted-foreground">
          Neyi, nereden öğrenmek istediğinizi seçin. E-postalar seçtiğiniz saatte tek bir özet
          olarak gelir.
        </p>
      </div>
      {mine?.error && (
        <p role="alert" className="text-destructive text-sm">
          {mine.error}
        </p>
      )}
      {mine?.success && (
        <p role="status" className="text-sm text-primary">
          {mine.success}
        </p>
      )}
      <Form method="post" className="space-y-5">
        <table className="w-full text-sm">
          <caption className="sr-only">Bildirim türleri ve kanallar</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left font-medium">
                Ne zaman
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-20 text-center font-medium">
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {KIND_LABELS[kind]}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="text-center">
                    <input
                      type="checkbox"
                      name="on"
                      value={`${kind}:${channel}`}
                      defaultChecked={preferences.channels[`${kind}:${channel}`]}
                      aria-label={`${KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                      className="size-4"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="mb-2 font-medium">E-posta özeti</legend>
          <label className="flex flex-col gap-1 text-sm">
            Sıklık
            <select
              name="digest"
              defaultValue={preferences.digest}
              className="h-9 rounded-md border bg-background px-2"
            >
              {DIGESTS.map((digest) => (
                <option key={digest} value={digest}>
                  {DIGEST_LABELS[digest]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Gün (haftalık özet için)
            <select
              name="digestWeekday"
              defaultValue={String(preferences.digestWeekday)}
              className="h-9 rounded-md border bg-background px-2"
            >
              {WEEKDAY_LABELS.map(([weekday, label]) => (
                <option key={weekday} value={weekday}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Saat (İstanbul)
            <input
              type="time"
              name="digestTime"
              defaultValue={preferences.digestTime}
              required
              className="h-9 rounded-md border bg-background px-2"
            />
          </label>
        </fieldset>
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="mb-2 font-medium">Anlık bildirimler için sessiz saatler</legend>
          <label className="flex flex-col gap-1 text-sm">
            Başlangıç
            <input
              type="time"
              name="quietFrom"
              defaultValue={preferences.quietFrom}
              required
              className="h-9 rounded-md border bg-background px-2"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Bitiş
            <input
              type="time"
              name="quietTo"
              defaultValue={preferences.quietTo}
              required
              className="h-9 rounded-md border bg-background px-2"
            />
          </label>
        </fieldset>
        <Button type="submit" name="intent" value="notifications" disabled={busy}>
          {busy ? "Kaydediliyor..." : "Bildirim ayarlarını kaydet"}
        </Button>
      </Form>
      {push}
    </section>
  );
}
