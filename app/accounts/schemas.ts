import { z } from "~/ui/zod";

/*
 * One schema per form, used by the browser for instant feedback and by the server again.
 * Messages are the spec's (section 5); the first one is shown as a toast.
 */

const email = z.string().trim().toLowerCase().email("Geçerli bir e-posta adresi giriniz");
const password = z
  .string()
  .min(6, "Şifre en az 6 karakter olmalıdır")
  .max(128, "Şifre en fazla 128 karakter olabilir");

export const signInSchema = z.object({ email, password });

export const signUpSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(2, "İsim en az 2 karakter olmalıdır")
    .max(100, "İsim en fazla 100 karakter olabilir"),
  email,
  password,
});

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z.object({
  token: z.string().min(1, "Bağlantı geçersiz"),
  password,
});

/** The first validation message of a form, or null when it is valid. */
export function firstError(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? "Bir hata oluştu");
}

/** With a real database and no SMTP, reset links could only go to the log: the form is off. */
export const RESET_UNAVAILABLE =
  "Şifre sıfırlama şu anda kullanılamıyor: bu sunucuda e-posta gönderimi ayarlanmamış. Lütfen site yöneticisine başvurun.";
