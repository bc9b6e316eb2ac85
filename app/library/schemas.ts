import { formSchema, z } from "~/ui/zod";

const RATING_MESSAGE = "Puan 1 ile 10 arasında bir tam sayı olmalıdır";

/** The review form (SPEC.md section 5): 10-1000 characters, an optional rating 1-10 (0 = none). */
export const reviewSchema = formSchema({
  // Missing or not text: the spec's first message too (zod's own would be English).
  comment: z
    .string({ error: "Yorum en az 10 karakter olmalıdır" })
    .trim()
    .min(10, "Yorum en az 10 karakter olmalıdır")
    .max(1000, "Yorum en fazla 1000 karakter olabilir"),
  // Absent, empty or 0: no rating. Anything else must be a whole number from 1 to 10; an
  // out-of-range value is refused with a message, never stored as "no rating".
  rating: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? "0" : String(value)),
    z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, RATING_MESSAGE)
      .transform(Number)
      .refine((value) => value <= 10, RATING_MESSAGE)
      .transform((value) => (value === 0 ? null : value)),
  ),
  // "Sürpriz bozan içerir" (issue #38.5): a ticked checkbox sends "on"; absent is unmarked.
  spoiler: z.preprocess((value) => value === "on" || value === true, z.boolean()),
});

/** Catalogue ids are positive 32-bit integers (the movie database's and the schema's). */
const NO_ITEM = "Bu içerik bulunamadı";
const itemId = z.coerce.number({ error: NO_ITEM }).int().positive().max(2_147_483_647);

export const watchlistItemSchema = formSchema({
  itemType: z.enum(["movie", "tv"], { error: NO_ITEM }),
  itemId,
});

export const reviewItemSchema = formSchema({
  itemType: z.enum(["movie", "tv", "person"], { error: NO_ITEM }),
  itemId,
});

/** A row id sent back by the dashboard's and the review's own buttons. */
export const rowIdSchema = z.coerce
  .number({ error: "Kayıt bulunamadı" })
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);
