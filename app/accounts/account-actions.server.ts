import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { paths } from "~/core/paths";
import { PENDING_PARAM, RETURN_PARAM } from "~/core/return-path";
import { session } from "~/db/auth-schema";
import type { AccountServices } from "./account-services.server";
import { TRY_AGAIN_ACTION, isServiceFailure } from "~/core/failures.server";
import type { Database } from "~/db/client.server";
import {
  allow,
  forget,
  hit,
  LIMITS,
  peek,
  signInDelayMs,
  TOO_MANY,
  unhit,
} from "./rate-limit.server";
import {
  newPasswordSchema,
  RESET_UNAVAILABLE,
  resetRequestSchema,
  secondFactorSchema,
  signInSchema,
  signUpSchema,
} from "./schemas";

/*
 * The account forms' server side. Each validates again with the browser's schema, applies the
 * rate limits, calls better-auth and answers with a redirect or the message to show
 * (SPEC.md section 8).
 */

export type FormFailure = { error: string; email?: string };
export type FormSuccess = { success: string; email?: string };

/** better-auth's error code and message, whatever shape the error has. */
export function authError(error: unknown): { code?: string; message: string } {
  if (error instanceof APIError) {
    const body = error.body as { code?: string; message?: string } | undefined;
    return { code: body?.code, message: body?.message ?? error.message };
  }
  return { message: error instanceof Error ? error.message : "Bir hata oluştu" };
}

/**
 * Whether an error is better-auth's answer about the form (a code the visitor can act on) rather
 * than a failure behind it (its own 5xx, the database): failures become "try again".
 */
export function isFormAnswer(error: unknown): boolean {
  return (
    error instanceof APIError &&
    error.statusCode < 500 &&
    Boolean(authError(error).code) &&
    !isServiceFailure(error)
  );
}

export function values(form: FormData) {
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
}

/**
 * Runs an account form's work; when the database (or anything behind better-auth) fails, the
 * visitor gets a Turkish "try again" with what they typed kept, never a 500.
 */
export async function answering<T>(
  services: AccountServices,
  email: string | undefined,
  work: () => Promise<T>,
): Promise<T | FormFailure> {
  try {
    return await work();
  } catch (error) {
    if (isServiceFailure(error) || error instanceof APIError) {
      // Not our bug: one line without a stack.
      services.logger.warn({ err: String(error) }, "account form failed");
    } else {
      services.logger.error({ err: error }, "account form failed");
    }
    return { error: TRY_AGAIN_ACTION, email };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where a sign-in goes on: back to the page the visitor came from (`returnTo`, already checked
 * with `returnPath`), after completing what they asked there (`complete`, which answers with the
 * toast's words, or null when nothing was done).
 */
export interface AfterSignIn {
  returnTo: string | null;
  /** What was asked (`istek`, already checked), carried through a second step. */
  pending?: string | null;
  complete?: (userId: string) => Promise<string | null>;
}

export async function signIn(
  services: AccountServices,
  request: Request,
  clientIp: string,
  form: FormData,
  next: AfterSignIn = { returnTo: null },
): Promise<Response | FormFailure> {
  const parsed = signInSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { email, password } = parsed.data;
  const db = services.database.db;
  const address = email.toLowerCase();
  const failuresHere = `signin:fail:${address}:${clientIp}`;
  const failuresAnywhere = `signin:fail:${address}`;
  const { signInPerClient, signInFailuresPerAddressAndClient, signInFailuresPerAddress } = LIMITS;
  return answering(services, email, async () => {
    if (
      !(await allow(
        db,
        `signin:client:${clientIp}`,
        signInPerClient.limit,
        signInPerClient.windowSeconds,
      ))
    )
      return { error: TOO_MANY, email };
    // The attempt is counted as a failure before the password is checked, in one statement, so
    // parallel attempts (on any number of instances) cannot reach the check more than the limit
    // allows; an attempt that turns out not to be a wrong password is taken back.
    const [failedHere, failedAnywhere] = await Promise.all([
      hit(db, failuresHere, signInFailuresPerAddressAndClient.windowSeconds),
      peek(db, failuresAnywhere, signInFailuresPerAddress.windowSeconds),
    ]);
    if (failedHere > signInFailuresPerAddressAndClient.limit) return { error: TOO_MANY, email };
    // Many wrong passwords for this address from elsewhere: slow down, never refuse.
    const delay = signInDelayMs(failedAnywhere);
    if (delay > 0) await sleep(delay);
    try {
      const { headers, response } = await services.auth.api.signInEmail({
        body: { email, password, rememberMe: true },
        headers: request.headers,
        returnHeaders: true,
      });
      await forget(db, failuresHere);
      const cookies = new Headers();
      for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
      // Two-factor accounts: better-auth left a short-lived cookie, no session; the second step
      // asks for a code.
      if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
        return redirect(secondStepPath(next), { headers: cookies });
      }
      const done = await completeAfterSignIn(services, response.user.id, next);
      return await services.flash.redirect(
        next.returnTo ?? paths.dashboard,
        "success",
        done ? `Giriş başarılı! ${done}` : "Giriş başarılı!",
        cookies,
      );
    } catch (error) {
      const { code, message } = authError(error);
      if (code === "INVALID_EMAIL_OR_PASSWORD") {
        await hit(db, failuresAnywhere, signInFailuresPerAddress.windowSeconds);
        return { error: "E-posta veya şifre hatalı", email };
      }
      await takeBack(db, failuresHere);
      if (!isFormAnswer(error)) throw error;
      services.logger.warn({ code }, "sign-in failed");
      return { error: message, email };
    }
  });
}

/** The second step's page, carrying where to go on and what was asked (checked again there). */
function secondStepPath(next: AfterSignIn) {
  if (!next.returnTo) return paths.twoFactor;
  const query = new URLSearchParams({ [RETURN_PARAM]: next.returnTo });
  if (next.pending) query.set(PENDING_PARAM, next.pending);
  return `${paths.twoFactor}?${query}`;
}

/** Back to the sign-in when a second step expired, still carrying where to go on. */
const signInAgain = (next: AfterSignIn) =>
  next.returnTo ? paths.authReturningTo(next.returnTo, next.pending) : paths.auth;

/** Runs what the visitor asked before signing in; a failure there never fails the sign-in. */
export async function completeAfterSignIn(
  services: AccountServices,
  userId: string,
  next: AfterSignIn,
) {
  if (!next.complete) return null;
  try {
    return await next.complete(userId);
  } catch (error) {
    services.logger.warn({ err: String(error) }, "pending request after sign-in failed");
    return null;
  }
}

/** `unhit` on the way out of a failure: when the database is what failed, the failure wins. */
async function takeBack(db: Database, key: string) {
  await unhit(db, key).catch(() => undefined);
}

/** The cookies better-auth set, ready for a redirect. */
export function cookiesOf(headers: Headers): Headers {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/**
 * The second step of a two-factor sign-in: a 6-digit code from the app, or one of the recovery
 * codes (each works once). better-auth's pending cookie says whose sign-in this is. Wrong codes
 * follow the password rule, per account: 10 from one client lock that client out of the account
 * for 15 minutes (counted before the check, like passwords); from all clients together they only
 * slow the account's second step down, so nobody can lock the owner out. A TOTP code is accepted
 * once per account (`firstUseOfTotpCode`).
 */
export async function verifySecondStep(
  services: AccountServices,
  request: Request,
  clientIp: string,
  form: FormData,
  next: AfterSignIn = { returnTo: null },
): Promise<Response | FormFailure> {
  const parsed = secondFactorSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const code = parsed.data.code.replace(/\s+/g, "");
  const db = services.database.db;
  const { secondStepFailuresPerAccountAndClient: perClient, secondStepFailuresPerAccount } = LIMITS;
  return answering(services, undefined, async () => {
    const { userId } = await services.auth.api.pendingSecondStepUser({ headers: request.headers });
    if (!userId) return services.flash.redirect(signInAgain(next), "error", SECOND_STEP_EXPIRED);
    const failuresHere = `2fa:fail:${userId}:${clientIp}`;
    const failuresAnywhere = `2fa:fail:${userId}`;
    const [failedHere, failedAnywhere] = await Promise.all([
      hit(db, failuresHere, perClient.windowSeconds),
      peek(db, failuresAnywhere, secondStepFailuresPerAccount.windowSeconds),
    ]);
    if (failedHere > perClient.limit) return { error: TOO_MANY };
    const delay = signInDelayMs(failedAnywhere);
    if (delay > 0) await sleep(delay);
    const wrongCode = async () => {
      await hit(db, failuresAnywhere, secondStepFailuresPerAccount.windowSeconds);
      return { error: WRONG_CODE };
    };
    try {
      const isTotp = /^\d{6}$/.test(code);
      const { headers, response } = isTotp
        ? await services.auth.api.verifyTOTP({
            body: { code },
            headers: request.headers,
            returnHeaders: true,
          })
        : await services.auth.api.verifyBackupCode({
            body: { code },
            headers: request.headers,
            returnHeaders: true,
          });
      if (isTotp && !(await firstUseOfTotpCode(db, response.user.id, code))) {
        // The code was accepted before (a replay, or a parallel request that got there first):
        // the session better-auth has just opened is closed before its cookie leaves.
        if (response.token) await db.delete(session).where(eq(session.token, response.token));
        services.logger.warn("second step with a used code");
        return await wrongCode();
      }
      await forget(db, failuresHere);
      const done = await completeAfterSignIn(services, response.user.id, next);
      return await services.flash.redirect(
        next.returnTo ?? paths.dashboard,
        "success",
        done ? `Giriş başarılı! ${done}` : "Giriş başarılı!",
        cookiesOf(headers),
      );
    } catch (error) {
      const { code: reason } = authError(error);
      // No code was checked: the sign-in expired, or used up better-auth's 5 codes per sign-in.
      if (
        reason === "INVALID_TWO_FACTOR_COOKIE" ||
        reason === "TWO_FACTOR_NOT_ENABLED" ||
        reason === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"
      ) {
        await takeBack(db, failuresHere);
        return services.flash.redirect(signInAgain(next), "error", SECOND_STEP_EXPIRED);
      }
      // A recovery code another request used a moment before: better-auth's compare-and-swap
      // of the stored codes lost the race (409). For this visitor, a used code is a wrong one.
      const usedMeanwhile = error instanceof APIError && error.statusCode === 409;
      if (!usedMeanwhile && !isFormAnswer(error)) {
        await takeBack(db, failuresHere);
        throw error;
      }
      services.logger.warn({ code: reason ?? "CONFLICT" }, "second step failed");
      return await wrongCode();
    }
  });
}

const WRONG_CODE = "Doğrulama kodu hatalı";

/**
 * Records that an account's TOTP code has been accepted, in one statement shared by every
 * instance; false when it had been already (within longer than better-auth accepts a code).
 * better-auth alone would accept the same code again for its whole 90 seconds.
 */
export function firstUseOfTotpCode(db: Database, userId: string, code: string) {
  const { limit, windowSeconds } = LIMITS.totpCodeUse;
  // A used code is worthless once its window has passed, and the row goes with it.
  return allow(db, `totp:used:${userId}:${code}`, limit, windowSeconds);
}

const SECOND_STEP_EXPIRED = "Doğrulama süresi doldu. Lütfen yeniden giriş yapın.";

export async function signUp(
  services: AccountServices,
  request: Request,
  clientIp: string,
  form: FormData,
): Promise<FormSuccess | FormFailure> {
  const parsed = signUpSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { fullName, email, password } = parsed.data;
  const limit = LIMITS.signUpPerClient;
  const db = services.database.db;
  return answering(services, email, async () => {
    if (!(await allow(db, `signup:client:${clientIp}`, limit.limit, limit.windowSeconds)))
      return { error: TOO_MANY, email };
    try {
      const created = await services.auth.api.signUpEmail({
        body: { name: fullName, email, password },
        headers: request.headers,
      });
      // The spec asks the new user to sign in: the session sign-up opened is not kept.
      if (created.token) await db.delete(session).where(eq(session.token, created.token));
      return { success: "Kayıt başarılı! Giriş yapabilirsiniz.", email };
    } catch (error) {
      const { code, message } = authError(error);
      if (code?.startsWith("USER_ALREADY_EXISTS"))
        return { error: "Bu e-posta adresi zaten kayıtlı", email };
      if (!isFormAnswer(error)) throw error;
      services.logger.warn({ code }, "sign-up failed");
      return { error: message, email };
    }
  });
}

export async function signOut(services: AccountServices, request: Request): Promise<Response> {
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
  services: AccountServices,
  clientIp: string,
  form: FormData,
): Promise<FormSuccess | FormFailure> {
  const parsed = resetRequestSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { email } = parsed.data;
  if (!services.mailer.available) return { error: RESET_UNAVAILABLE, email };
  const db = services.database.db;
  const address = email.toLowerCase();
  const { resetPerClient, resetPerAddressAndClient } = LIMITS;
  return answering(services, email, async () => {
    // Limits per client and per address and client: a stranger cannot spend the owner's
    // requests. Every request gets the same answer, limited or not, account or not, so the
    // answer tells nothing about the address (the mail goes out in the background: see auth).
    const [forClient, forAddressHere] = await Promise.all([
      hit(db, `reset:client:${clientIp}`, resetPerClient.windowSeconds),
      hit(db, `reset:email:${address}:${clientIp}`, resetPerAddressAndClient.windowSeconds),
    ]);
    if (forClient <= resetPerClient.limit && forAddressHere <= resetPerAddressAndClient.limit) {
      await services.auth.api.requestPasswordReset({
        body: { email, redirectTo: "/sifre-sifirla" },
      });
    }
    return { success: RESET_SENT, email };
  });
}

export async function resetPassword(
  services: AccountServices,
  form: FormData,
): Promise<Response | FormFailure> {
  const parsed = newPasswordSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { password, token } = parsed.data;
  return answering(services, undefined, async () => {
    try {
      await services.auth.api.resetPassword({ body: { newPassword: password, token } });
    } catch (error) {
      const { code, message } = authError(error);
      if (code === "INVALID_TOKEN")
        return { error: "Bu bağlantının süresi dolmuş ya da geçersiz. Yeni bir bağlantı isteyin." };
      if (!isFormAnswer(error)) throw error;
      return { error: message };
    }
    return services.flash.redirect(
      paths.auth,
      "success",
      "Şifreniz güncellendi. Giriş yapabilirsiniz.",
    );
  });
}
