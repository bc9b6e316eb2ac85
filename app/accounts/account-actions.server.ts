import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { session } from "~/db/auth-schema";
import type { AppServices } from "~/services.server";
import { redirectWithToast } from "~/shell/flash.server";
import { allow, LIMITS, TOO_MANY } from "./rate-limit.server";
import { newPasswordSchema, resetRequestSchema, signInSchema, signUpSchema } from "./schemas";

/*
 * The account forms' server side. Each validates again with the browser's schema, applies the
 * rate limits, calls better-auth and answers with a redirect or the message to show
 * (SPEC.md section 8).
 */

export type FormFailure = { error: string; email?: string };
export type FormSuccess = { success: string; email?: string };

/** better-auth's error code and message, whatever shape the error has. */
function authError(error: unknown): { code?: string; message: string } {
  if (error instanceof APIError) {
    const body = error.body as { code?: string; message?: string } | undefined;
    return { code: body?.code, message: body?.message ?? error.message };
  }
  return { message: error instanceof Error ? error.message : "Bir hata oluştu" };
}

function values(form: FormData) {
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
}

export async function signIn(
  services: AppServices,
  request: Request,
  clientIp: string,
  form: FormData,
): Promise<Response | FormFailure> {
  const parsed = signInSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { email, password } = parsed.data;
  const db = services.database.db;
  const withinLimits =
    (await allow(
      db,
      `signin:client:${clientIp}`,
      LIMITS.signInPerClient.limit,
      LIMITS.signInPerClient.windowSeconds,
    )) &&
    (await allow(
      db,
      `signin:email:${email}`,
      LIMITS.signInPerAddress.limit,
      LIMITS.signInPerAddress.windowSeconds,
    ));
  if (!withinLimits) return { error: TOO_MANY, email };
  try {
    const { headers } = await services.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    const cookies = new Headers();
    for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    return redirectWithToast("/dashboard", "success", "Giriş başarılı!", cookies);
  } catch (error) {
    const { code, message } = authError(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") return { error: "E-posta veya şifre hatalı", email };
    services.logger.warn({ code }, "sign-in failed");
    return { error: message, email };
  }
}

export async function signUp(
  services: AppServices,
  request: Request,
  clientIp: string,
  form: FormData,
): Promise<FormSuccess | FormFailure> {
  const parsed = signUpSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { fullName, email, password } = parsed.data;
  const limit = LIMITS.signUpPerClient;
  if (
    !(await allow(
      services.database.db,
      `signup:client:${clientIp}`,
      limit.limit,
      limit.windowSeconds,
    ))
  ) {
    return { error: TOO_MANY, email };
  }
  try {
    const created = await services.auth.api.signUpEmail({
      body: { name: fullName, email, password },
      headers: request.headers,
    });
    // The spec asks the new user to sign in: the session sign-up opened is not kept.
    if (created.token)
      await services.database.db.delete(session).where(eq(session.token, created.token));
    return { success: "Kayıt başarılı! Giriş yapabilirsiniz.", email };
  } catch (error) {
    const { code, message } = authError(error);
    if (code?.startsWith("USER_ALREADY_EXISTS"))
      return { error: "Bu e-posta adresi zaten kayıtlı", email };
    services.logger.warn({ code }, "sign-up failed");
    return { error: message, email };
  }
}

export async function signOut(services: AppServices, request: Request): Promise<Response> {
  const cookies = new Headers();
  try {
    const { headers } = await services.auth.api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  } catch (error) {
    // 401/403/404 from the auth service are ignored (SPEC.md section 7): the visitor is out anyway.
    services.logger.info({ code: authError(error).code }, "sign-out without a session");
  }
  cookies.set("Location", "/");
  return new Response(null, { status: 302, headers: cookies });
}

export const RESET_SENT =
  "Bu adrese kayıtlı bir hesap varsa, şifre sıfırlama bağlantısı e-posta ile gönderildi.";

export async function requestPasswordReset(
  services: AppServices,
  clientIp: string,
  form: FormData,
): Promise<FormSuccess | FormFailure> {
  const parsed = resetRequestSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { email } = parsed.data;
  const db = services.database.db;
  const withinLimits =
    (await allow(
      db,
      `reset:client:${clientIp}`,
      LIMITS.resetPerClient.limit,
      LIMITS.resetPerClient.windowSeconds,
    )) &&
    (await allow(
      db,
      `reset:email:${email}`,
      LIMITS.resetPerAddress.limit,
      LIMITS.resetPerAddress.windowSeconds,
    ));
  if (!withinLimits) return { error: TOO_MANY, email };
  try {
    await services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/sifre-sifirla" } });
  } catch (error) {
    services.logger.error({ code: authError(error).code }, "password reset request failed");
    return { error: "Bir hata oluştu", email };
  }
  // The same answer whether or not the address has an account.
  return { success: RESET_SENT, email };
}

export async function resetPassword(
  services: AppServices,
  form: FormData,
): Promise<Response | FormFailure> {
  const parsed = newPasswordSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  try {
    await services.auth.api.resetPassword({
      body: { newPassword: parsed.data.password, token: parsed.data.token },
    });
  } catch (error) {
    const { code, message } = authError(error);
    if (code === "INVALID_TOKEN")
      return { error: "Bu bağlantının süresi dolmuş ya da geçersiz. Yeni bir bağlantı isteyin." };
    return { error: message };
  }
  return redirectWithToast("/auth", "success", "Şifreniz güncellendi. Giriş yapabilirsiniz.");
}
