import { formSchema, z } from "~/ui/zod";

/*
 * One schema per form, used by the browser for instant feedback and by the server again.
 * Messages are the spec's (section 5); the first one is shown as a toast. Every field names its
 * message for a missing or wrong-type value too (`z.string({ error })`, which zod also uses for
 * the field's checks without a message of their own): zod's defaults are English.
 */

const email = z
  .string({ error: "Geçerli bir e-posta adresi giriniz" })
  .trim()
  .toLowerCase()
  .email("Geçerli bir e-posta adresi giriniz");
const password = z
  .string({ error: "Şifre en az 6 karakter olmalıdır" })
  .min(6, "Şifre en az 6 karakter olmalıdır")
  .max(128, "Şifre en fazla 128 karakter olabilir");

export const signInSchema = formSchema({ email, password });

const fullName = z
  .string({ error: "İsim en az 2 karakter olmalıdır" })
  .trim()
  .min(2, "İsim en az 2 karakter olmalıdır")
  .max(100, "İsim en fazla 100 karakter olabilir");

export const signUpSchema = formSchema({ fullName, email, password });

/* Hesabım (/hesap) */

const currentPassword = z
  .string({ error: "Mevcut şifrenizi giriniz" })
  .min(1, "Mevcut şifrenizi giriniz")
  .max(128, "Şifre en fazla 128 karakter olabilir");

export const profileSchema = formSchema({ fullName });

export const changePasswordSchema = formSchema({
  currentPassword,
  newPassword: password,
});

/** Turning two-factor sign-in on or off, and deleting the account, ask for the password. */
export const passwordCheckSchema = formSchema({ password: currentPassword });

/** A 6-digit code from the authenticator app. */
export const totpCodeSchema = formSchema({
  code: z
    .string({ error: "6 haneli doğrulama kodunu giriniz" })
    .trim()
    .regex(/^\d{6}$/, "6 haneli doğrulama kodunu giriniz"),
});

/** The second step of sign-in: a 6-digit code, or a recovery code. */
export const secondFactorSchema = formSchema({
  code: z
    .string({ error: "Doğrulama kodunu veya kurtarma kodunu giriniz" })
    .trim()
    .min(6, "Doğrulama kodunu veya kurtarma kodunu giriniz")
    .max(32, "Doğrulama kodunu veya kurtarma kodunu giriniz"),
});

export const passkeyNameSchema = formSchema({
  name: z
    .string({ error: "Geçiş anahtarına bir ad veriniz" })
    .trim()
    .min(1, "Geçiş anahtarına bir ad veriniz")
    .max(50, "Ad en fazla 50 karakter olabilir"),
});

export const deleteAccountSchema = formSchema({
  password: currentPassword,
  confirm: z.literal("on", { error: "Silmeyi onaylamak için kutuyu işaretleyiniz" }),
});

export const resetRequestSchema = formSchema({ email });

export const newPasswordSchema = formSchema({
  token: z.string({ error: "Bağlantı geçersiz" }).min(1, "Bağlantı geçersiz"),
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
