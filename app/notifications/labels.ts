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
  new_follower: "Biri sizi takip etmeye başladığında",
  new_like: "İncelemeniz, günlük notunuz ya da listeniz beğenildiğinde",
  new_comment: "İncelemenize ya da listenize yorum, yorumunuza yanıt yazıldığında",
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  site: "Sitede",
  email: "E-posta",
  push: "Anlık bildirim",
};

export const DIGEST_LABELS: Record<DigestFrequency, string> = {
  daily: "Her gün",
  weekly: "Haftada bir",
  off: "Gönderme",
};

/** The weekly digest's day (Istanbul's weekday, 0 Sunday … 6 Saturday), Monday first. */
export const WEEKDAY_LABELS: [number, string][] = [
  [1, "Pazartesi"],
  [2, "Salı"],
  [3, "Çarşamba"],
  [4, "Perşembe"],
  [5, "Cuma"],
  [6, "Cumartesi"],
  [0, "Pazar"],
];

export const KINDS = Object.keys(KIND_LABELS) as NotificationKind[];
export const CHANNELS = Object.keys(CHANNEL_LABELS) as NotificationChannel[];
export const DIGESTS = Object.keys(DIGEST_LABELS) as DigestFrequency[];
