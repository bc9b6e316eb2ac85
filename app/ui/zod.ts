import { z } from "zod";

/** Said for a form that is no form at all, and for any field without a message of its own. */
const FORM_MESSAGE =
  "Form eksik ya da hatalı gönderildi. Lütfen sayfayı yenileyip yeniden deneyin.";

/**
 * Said for a text holding a NUL character (`\0`): PostgreSQL's text cannot hold it, no keyboard
 * types it, and it is refused before anything is stored.
 */
const NUL_MESSAGE =
  "Gönderdiğiniz metinde geçersiz bir karakter var. Lütfen metni düzeltip yeniden deneyin.";

// zod probes `new Function` (its JIT) on first parse; the CSP forbids eval, so in the browser
// that probe is a CSP violation. Without the JIT, parsing our small forms is just as fast.
// zod's own messages are English: a field that names no message of its own (a file where text
// belongs, a wrong type) is answered with the forms' Turkish one, never with zod's.
z.config({ jitless: true, customError: () => FORM_MESSAGE });

export { z };

/** A text field's value that holds a NUL character. */
const holdsNul = (value: unknown) => typeof value === "string" && value.includes("\0");

type RefusingNul<Field extends z.ZodType> = z.ZodPipe<z.ZodTransform<unknown, unknown>, Field>;
type FormShape<Shape extends z.core.$ZodLooseShape> = {
  [Key in keyof Shape]: Shape[Key] extends z.ZodEnum | z.ZodLiteral
    ? Shape[Key]
    : Shape[Key] extends z.ZodType
      ? RefusingNul<Shape[Key]>
      : Shape[Key];
};

/**
 * A field that refuses a NUL character with NUL_MESSAGE before its own rules run. Enums and
 * literals keep their fixed values (they never hold one, and a discriminated union reads them).
 */
function refusingNul(field: z.core.$ZodType): z.core.$ZodType {
  if (field._zod.values) return field;
  return z.preprocess((value, context) => {
    if (holdsNul(value))
      context.issues.push({ code: "custom", message: NUL_MESSAGE, input: value });
    return value;
  }, field as z.ZodType);
}

/**
 * A form's schema: an object whose own message (for a body that is no form at all) is Turkish,
 * like every field's. zod's default messages are English and must never reach a visitor; each
 * field names its message for a missing or wrong-type value (`z.string({ error })`), and the
 * site's `customError` answers any other. Every field refuses a NUL character with NUL_MESSAGE,
 * whatever its own rules (some would strip it, some would store it).
 */
export function formSchema<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const guarded = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, refusingNul(field)]),
  ) as FormShape<Shape>;
  return z.object(guarded, { error: FORM_MESSAGE });
}
