import { z } from "zod";

// zod probes `new Function` (its JIT) on first parse; the CSP forbids eval, so in the browser
// that probe is a CSP violation. Without the JIT, parsing our small forms is just as fast.
z.config({ jitless: true });

export { z };

/**
 * A form's schema: an object whose own message (for a body that is no form at all) is Turkish,
 * like every field's. zod's default messages are English and must never reach a visitor; each
 * field names its message for a missing or wrong-type value (`z.string({ error })`).
 */
export function formSchema<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, {
    error: "Form eksik ya da hatalı gönderildi. Lütfen sayfayı yenileyip yeniden deneyin.",
  });
}
