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

const fullName = z
  .string()
  .trim()
  .min(2, "İsim en az 2 karakter olmalıdır")
  .max(100, "İsim en fazla 100 karakter olabilir");

export const signUpSchema = z.object({ fullName, email, password });

/* Hesabım (/hesap) */

const currentPassword = z.string().min(1, "Mevcut şifrenizi giriniz").max(128);

export const profileSchema = z.object({ fullName });

export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: password,
});

/** Turning two-factor sign-in on or off, and deleting the account, ask for the password. */
export const passwordCheckSchema = z.object({ password: currentPassword });

/** A 6-digit code from the authenticator app. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "6 haneli doğrulama kodunu giriniz"),
});

/** The second step of sign-in: a 6-digit code, or a recovery code. */
export const secondFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, "Doğrulama kodunu veya kurtarma kodunu giriniz")
    .max(32, "Doğrulama kodunu veya kurtarma kodunu giriniz"),
});

export const passkeyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Geçiş anahtarına bir ad veriniz")
    .max(50, "Ad en fazla 50 karakter olabilir"),
});

export const deleteAccountSchema = z.object({
  password: currentPassword,
  confirm: z.literal("on", { error: "Silmeyi onaylamak için kutuyu işaretleyiniz" }),
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
