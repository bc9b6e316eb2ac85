import { formSchema, z } from "~/ui/zod";

/*
 * The forms of Puanım and the diary (issue #24), validated on the server with Turkish messages.
 * Field names are the forms' own; nothing here trusts the browser's own checks.
 */

const RATING_MESSAGE = "Puan 1 ile 10 arasında bir tam sayı olmalıdır";
const NO_ITEM = "Bu içerik bulunamadı";
const NO_EPISODE = "Bu bölüm bulunamadı";
/** An entry that does not exist, or is someone else's (the same answer, on purpose). */
export const NO_SUCH_ENTRY = "Günlük kaydı bulunamadı";

const itemId = z.coerce
  .number({ error: NO_ITEM })
  .int(NO_ITEM)
  .positive(NO_ITEM)
  .max(2_147_483_647);

/** A rating from a form: "1" … "10", or (optional) empty for none. */
const ratingValue = z
  .string({ error: RATING_MESSAGE })
  .trim()
  .regex(/^\d{1,2}$/, RATING_MESSAGE)
  .transform(Number)
  .refine((value) => value >= 1 && value <= 10, RATING_MESSAGE);

const optionalRating = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? null : value),
  ratingValue.nullable(),
);

/** What Puanım rates: a film, a series, or one episode of a series (specials are season 0). */
export const ratingTargetSchema = z.discriminatedUnion(
  "itemType",
  [
    formSchema({ itemType: z.enum(["movie", "tv"]), itemId }),
    formSchema({
      itemType: z.literal("episode"),
      itemId,
      season: z.coerce
        .number({ error: NO_EPISODE })
        .int(NO_EPISODE)
        .min(0, NO_EPISODE)
        .max(32_767, NO_EPISODE),
      episode: z.coerce
        .number({ error: NO_EPISODE })
        .int(NO_EPISODE)
        .min(1, NO_EPISODE)
        .max(32_767, NO_EPISODE),
    }),
  ],
  { error: NO_ITEM },
);

/** Puanım's own value: required when rating, absent when removing. */
export const ratingSchema = formSchema({ rating: ratingValue });

const DATE_MESSAGE = "İzleme tarihi geçerli bir tarih olmalıdır";
/** A review's length, on the site's forms and for imported reviews alike. */
export const REVIEW_LENGTH = { min: 10, max: 1000 } as const;
const TAG_MESSAGE = "Her etiket 1 ile 30 karakter arasında olmalıdır";

function isRealDay(value: string) {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * A diary entry as its form sends it, and as an import reads it (app/history/import/formats.ts:
 * one set of rules for both). `today` (Istanbul's day, from the site's clock) bounds the
 * date: a watch cannot be logged in the future. Tags come as one comma separated text.
 */
export function diaryEntrySchema(today: string) {
  return formSchema({
    watchedOn: z
      .string({ error: DATE_MESSAGE })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
      .refine(isRealDay, DATE_MESSAGE)
      .refine((value) => value >= "1870-01-01", DATE_MESSAGE)
      .refine((value) => value <= today, "İzleme tarihi gelecekte olamaz"),
    rating: optionalRating,
    review: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : (value ?? null)),
      z
        .string({ error: "Yorum en az 10 karakter olmalıdır" })
        .trim()
        .min(REVIEW_LENGTH.min, "Yorum en az 10 karakter olmalıdır")
        .max(REVIEW_LENGTH.max, "Yorum en fazla 1000 karakter olabilir")
        .nullable(),
    ),
    rewatch: z.preprocess(
      (value) => value === "on" || value === "1" || value === "true",
      z.boolean(),
    ),
    // "Sürpriz bozan içerir" (issue #38.5): the words are folded wherever they are shown.
    spoiler: z.preprocess(
      (value) => value === "on" || value === "1" || value === "true",
      z.boolean(),
    ),
    tags: z
      .preprocess(
        (value) => (value === undefined || value === null ? "" : value),
        z.string({ error: TAG_MESSAGE }).max(2000, "En fazla 20 etiket eklenebilir"),
      )
      .transform((value) =>
        value
          .split(",")
          .map((tag) => tag.trim().replace(/\s+/g, " "))
          .filter((tag) => tag.length > 0),
      )
      .refine((tags) => tags.every((tag) => tag.length <= 30), TAG_MESSAGE)
      .refine((tags) => tags.length <= 20, "En fazla 20 etiket eklenebilir")
      // The same tag twice is one tag (Turkish-aware comparison).
      .transform((tags) => [
        ...new Map(tags.map((tag) => [tag.toLocaleLowerCase("tr-TR"), tag])).values(),
      ]),
  });
}

export type DiaryInput = z.infer<ReturnType<typeof diaryEntrySchema>>;

export const diaryItemSchema = formSchema({
  itemType: z.enum(["movie", "tv"], { error: NO_ITEM }),
  itemId,
});

/** The diary page's filters, read from the URL: a bad value is no filter, never an error. */
export const diaryFiltersSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  year: z.coerce.number().int().min(1870).max(9999).optional().catch(undefined),
  kind: z.enum(["film", "dizi"]).optional().catch(undefined),
});

export type DiaryFilters = z.infer<typeof diaryFiltersSchema>;
