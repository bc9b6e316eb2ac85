/**
 * The intents of the episode-mark form (POST /bolum-izle). A module of its own, without zod: the
 * pages' optimistic marks read it, and zod stays out of an anonymous series page (decision 026).
 */
export const MARK_INTENTS = ["mark", "unmark", "up-to", "season", "unmark-season"] as const;
export type MarkIntent = (typeof MARK_INTENTS)[number];

/** When the episodes of a bulk mark were watched (issue 33): the form's choices and their labels. */
export const WATCHED_WHEN = ["now", "air", "day", "unknown"] as const;
export type WatchedWhenChoice = (typeof WATCHED_WHEN)[number];
export const WATCHED_WHEN_LABELS: Record<WatchedWhenChoice, string> = {
  now: "Şimdi",
  air: "Yayın tarihinde",
  day: "Başka bir tarih",
  unknown: "Tarihini hatırlamıyorum",
};
