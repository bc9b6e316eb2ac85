import { formSchema, z } from "~/ui/zod";
import { MARK_INTENTS, WATCHED_WHEN } from "./mark-intents";

export const NO_EPISODE = "Bu bölüm bulunamadı";

/**
 * When the episodes of a bulk mark were watched: "Şimdi", "Yayın tarihinde", "Başka bir tarih"
 * (the `day` field), "Tarihini hatırlamıyorum" (undated). A single episode's mark is "now".
 */
export const DAY_MISSING = "Lütfen izlediğiniz tarihi seçin";
const DAY_INVALID = "Geçerli bir tarih seçin";
export const DAY_IN_FUTURE = "İzlediğiniz tarih bugünden sonra olamaz";
export const SPECIALS_REFUSED = "Özel bölümler işaretlenemez; izleme ilerlemesine sayılmazlar";

/** A positive whole number in a form field (ids, season and episode numbers). */
const positive = (max: number) =>
  z.coerce.number({ error: NO_EPISODE }).int(NO_EPISODE).positive(NO_EPISODE).max(max, NO_EPISODE);

/** A season number; 0 (specials) refused with its own message. */
const seasonField = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.coerce
    .number({ error: NO_EPISODE })
    .int(NO_EPISODE)
    .min(0, NO_EPISODE)
    .max(32_767, NO_EPISODE)
    .refine((value) => value !== 0, SPECIALS_REFUSED),
);

const isRealDay = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/**
 * The form's fields. Season 0 (specials) is refused with its own message before any database
 * work; anything that is not a positive whole number reads as an unknown episode.
 */
export const markFormSchema = formSchema({
  intent: z.enum(MARK_INTENTS, { error: "Bilinmeyen bir işlem istendi" }),
  seriesId: positive(2_147_483_647),
  season: seasonField,
  episode: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    positive(32_767).optional(),
  ),
  when: z.enum(WATCHED_WHEN, { error: "Bilinmeyen bir tarih seçimi" }).default("now"),
  /** YYYY-MM-DD, read only with when=day (whether it is past is the action's to say). */
  day: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_INVALID)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DAY_INVALID)
      .refine((value) => value >= "1900-01-01", DAY_INVALID)
      .optional(),
  ),
});

const RATING_MESSAGE = "Puan 1 ile 10 arasında bir tam sayı olmalıdır";

/**
 * The episode page's İzledim sheet: the day (required, not after today), Puanım (empty leaves
 * the rating as it is) and "Tekrar izledim". `today` is Istanbul's day from the site's clock.
 */
export function episodeLogSchema(today: string) {
  return formSchema({
    seriesId: positive(2_147_483_647),
    season: seasonField,
    episode: positive(32_767),
    watchedOn: z
      .string({ error: DAY_MISSING })
      .trim()
      .min(1, DAY_MISSING)
      .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_INVALID)
      .refine(isRealDay, DAY_INVALID)
      .refine((value) => value >= "1900-01-01", DAY_INVALID)
      .refine((value) => value <= today, DAY_IN_FUTURE),
    rating: z.preprocess(
      (value) => (value === undefined || value === null || value === "" ? null : value),
      z
        .string({ error: RATING_MESSAGE })
        .trim()
        .regex(/^\d{1,2}$/, RATING_MESSAGE)
        .transform(Number)
        .refine((value) => value >= 1 && value <= 10, RATING_MESSAGE)
        .nullable(),
    ),
    rewatch: z.preprocess((value) => value === "on", z.boolean()),
  });
}
