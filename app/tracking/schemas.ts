import { formSchema, z } from "~/ui/zod";
import { MARK_INTENTS } from "./mark-intents";

export const NO_EPISODE = "Bu bölüm bulunamadı";
export const SPECIALS_REFUSED = "Özel bölümler işaretlenemez; izleme ilerlemesine sayılmazlar";

/** A positive whole number in a form field (ids, season and episode numbers). */
const positive = (max: number) =>
  z.coerce.number({ error: NO_EPISODE }).int(NO_EPISODE).positive(NO_EPISODE).max(max, NO_EPISODE);

/**
 * The form's fields. Season 0 (specials) is refused with its own message before any database
 * work; anything that is not a positive whole number reads as an unknown episode.
 */
export const markFormSchema = formSchema({
  intent: z.enum(MARK_INTENTS, { error: "Bilinmeyen bir işlem istendi" }),
  seriesId: positive(2_147_483_647),
  season: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ error: NO_EPISODE })
      .int(NO_EPISODE)
      .min(0, NO_EPISODE)
      .max(32_767, NO_EPISODE)
      .refine((value) => value !== 0, SPECIALS_REFUSED),
  ),
  episode: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    positive(32_767).optional(),
  ),
});
