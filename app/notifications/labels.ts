import type {
  DIGEST_FREQUENCIES,
  NotificationChannel,
  NotificationKind,
} from "~/db/notifications-schema";

/*
 * The words of the notification settings (issue #36), shared by the server (the digest's
 * headings) and the page. Each record names every kind, channel and frequency, in display order.
 */

export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const KIND_LABELS: Record<NotificationKind, string> = {
  episode_aired: "Takip ettiğiniz dizilerin yeni bölümleri",
  now_streaming: "İzleyeceğim listenizdeki bir yapım Türkiye'de bir platforma geldiğinde",
  in_cinemas: "İzleyeceğim listenizdeki bir film bu hafta vizyona girdiğinde",
  list_invite_accepted: "Liste davetleriniz kabul edildiğinde",
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  site: "Sitede",
  email: "E-posta",
  push: "Anlık bildirim",
};

export const DIGEST_LABELS: Record<DigestFrequency, string> = {
  daily: "Her gün",
  weekly: "Haftada bir (pazartesi)",
  off: "Gönderme",
};

export const KINDS = Object.keys(KIND_LABELS) as NotificationKind[];
export const CHANNELS = Object.keys(CHANNEL_LABELS) as NotificationChannel[];
export const DIGESTS = Object.keys(DIGEST_LABELS) as DigestFrequency[];
