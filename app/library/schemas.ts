import { z } from "~/ui/zod";

/** The review form (SPEC.md section 5): 10-1000 characters, an optional rating 1-10 (0 = none). */
export const reviewSchema = z.object({
  comment: z
    .string()
    .trim()
    .min(10, "Yorum en az 10 karakter olmalıdır")
    .max(1000, "Yorum en fazla 1000 karakter olabilir"),
  rating: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .catch(0)
    .transform((value) => (value === 0 ? null : value)),
});

export const watchlistItemSchema = z.object({
  itemType: z.enum(["movie", "tv"]),
  itemId: z.coerce.number().int().positive(),
});

export const reviewItemSchema = z.object({
  itemType: z.enum(["movie", "tv", "person"]),
  itemId: z.coerce.number().int().positive(),
});

/** Where to go back after a form posted without JavaScript: a path on this site only. */
export function safeReturnTo(value: unknown): string {
  return typeof value === "string" &&
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.includes("\\")
    ? value
    : "/";
}
