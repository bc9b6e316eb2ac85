import { and, desc, eq, gt, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { paths } from "~/core/paths";
import { passkey, session, user as users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { profiles } from "~/db/schema";
import type { AccountServices } from "./account-services.server";
import {
  answering,
  authError,
  cookiesOf,
  firstUseOfTotpCode,
  isFormAnswer,
  values,
  type FormFailure,
} from "./account-actions.server";
import { deviceLabel } from "./device";
import type { CurrentUser } from "./guards.server";
import { allow, LIMITS, TOO_MANY } from "./rate-limit.server";
import {
  changePasswordSchema,
  passwordCheckSchema,
  profileSchema,
  totpCodeSchema,
} from "./schemas";

/*
 * Hesabım (/hesap): what a signed-in person manages about their own account. Every query is
 * limited to the signed-in user's rows; better-auth does the passwords, TOTP and passkeys.
 */

export const WRONG_PASSWORD = "Şifre hatalı";

/** The person's account row as the page and the export show it (one row, or none). */
export function accountRow(db: Database, userId: string) {
  return db
    .select({
      email: users.email,
      name: users.name,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
}

/** The current session's id (to mark it, and never to end it by mistake). */
async function currentSessionId(services: AccountServices, request: Request) {
  const found = await services.auth.api.getSession({ headers: request.headers });
  return found?.session.id ?? null;
}

export async function loadAccount(services: AccountServices, request: Request, user: CurrentUser) {
  const { db } = services.database;
  const [currentId, [owner], sessions, keys] = await Promise.all([
    currentSessionId(services, request),
    accountRow(db, user.id),
    db
      .select({
        id: session.id,
        userAgent: session.userAgent,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
      })
      .from(session)
      .where(and(eq(session.userId, user.id), gt(session.expiresAt, new Date())))
      .orderBy(desc(session.updatedAt)),
    db
      .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
      .from(passkey)
      .where(eq(passkey.userId, user.id))
      .orderBy(desc(passkey.createdAt)),
  ]);
  return {
    profile: {
      email: owner?.email ?? user.email,
      name: owner?.name ?? user.name,
      memberSince: owner?.createdAt.toISOString() ?? null,
    },
    twoFactorEnabled: owner?.twoFactorEnabled ?? false,
    sessions: sessions
      .map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        lastSeen: row.updatedAt.toISOString(),
        current: row.id === currentId,
      }))
      // The current one first.
      .sort((a, b) => Number(b.current) - Number(a.current)),
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name || "Geçiş anahtarı",
      createdAt: key.createdAt?.toISOString() ?? null,
    })),
  };
}

export type AccountPage = Awaited<ReturnType<typeof loadAccount>>;

/** What the page shows while two-factor sign-in is being turned on (once, never stored). */
export interface TwoFactorSetup {
  uri: string;
  secret: string;
  qrSvg: string;
  backupCodes: string[];
}

const done = (services: AccountServices, message: string, headers?: Headers) =>
  services.flash.redirect(paths.account, "success", message, headers);

export async function saveProfile(
  services: AccountServices,
  user: CurrentUser,
  form: FormData,
): Promise<Response | FormFailure> {
  const parsed = profileSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { fullName } = parsed.data;
  return answering(services, undefined, async () => {
    // The name lives in two places (better-auth's user, the spec's profile): one transaction.
    await services.database.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ name: fullName, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await tx
        .insert(profiles)
        .values({ userId: user.id, fullName })
        .onConflictDoUpdate({ target: profiles.userId, set: { fullName } });
    });
    return done(services, "Ad soyad güncellendi");
  });
}

export async function changePassword(
  services: AccountServices,
  request: Request,
  form: FormData,
): Promise<Response | FormFailure> {
  const parsed = changePasswordSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { currentPassword, newPassword } = parsed.data;
  return answering(services, undefined, async () => {
    try {
      // Every other session ends; this browser gets a new session cookie.
      const { headers } = await services.auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      });
      return await done(services, "Şifreniz güncellendi", cookiesOf(headers));
    } catch (error) {
      if (authError(error).code === "INVALID_PASSWORD") return { error: WRONG_PASSWORD };
      if (!isFormAnswer(error)) throw error;
      return { error: authError(error).message };
    }
  });
}

/** Wrong passwords on these forms count like wrong passwords at sign-in, per user and client. */
async function withinPasswordLimit(services: AccountServices, user: CurrentUser, ip: string) {
  const { limit, windowSeconds } = LIMITS.signInFailuresPerAddressAndClient;
  return allow(services.database.db, `account:${user.id}:${ip}`, limit, windowSeconds);
}

export async function startTwoFactor(
  services: AccountServices,
  request: Request,
  user: CurrentUser,
  clientIp: string,
  form: FormData,
): Promise<{ setup: TwoFactorSetup } | FormFailure> {
  const parsed = passwordCheckSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  return answering(services, undefined, async () => {
    if (!(await withinPasswordLimit(services, user, clientIp))) return { error: TOO_MANY };
    try {
      const enabled = await services.auth.api.enableTwoFactor({
        body: { password: parsed.data.password, method: "totp" },
        headers: request.headers,
      });
      if (enabled.method !== "totp") throw new Error("two-factor setup returned no TOTP secret");
      return { setup: await setupOf(enabled.totpURI, enabled.backupCodes) };
    } catch (error) {
      if (authError(error).code === "INVALID_PASSWORD") return { error: WRONG_PASSWORD };
      if (!isFormAnswer(error)) throw error;
      return { error: authError(error).message };
    }
  });
}

async function setupOf(uri: string, backupCodes: string[]): Promise<TwoFactorSetup> {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, width: 200 });
  return { uri, secret, qrSvg, backupCodes };
}

/**
 * The first code from the app confirms the secret and turns two-factor sign-in on. On a wrong
 * code the page shows the same QR code and recovery codes again (sent back by the form: they
 * are the person's own, and only displayed).
 */
export async function confirmTwoFactor(
  services: AccountServices,
  request: Request,
  user: CurrentUser,
  clientIp: string,
  form: FormData,
): Promise<Response | ({ setup: TwoFactorSetup | null } & FormFailure)> {
  const shown = String(form.get("uri") ?? "");
  const codes = String(form.get("backupCodes") ?? "")
    .split(",")
    .filter(Boolean);
  const setup = shown.startsWith("otpauth://") ? await setupOf(shown, codes) : null;
  const parsed = totpCodeSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message, setup };
  const answer = await answering(services, undefined, async () => {
    if (!(await withinPasswordLimit(services, user, clientIp))) return { error: TOO_MANY };
    try {
      // better-auth replaces the session once two-factor sign-in is on: keep its new cookie.
      const { headers } = await services.auth.api.verifyTOTP({
        body: { code: parsed.data.code },
        headers: request.headers,
        returnHeaders: true,
      });
      // The code that turned it on cannot open a sign-in within its window either.
      await firstUseOfTotpCode(services.database.db, user.id, parsed.data.code);
      return await done(services, "İki adımlı doğrulama açıldı", cookiesOf(headers));
    } catch (error) {
      if (!isFormAnswer(error)) throw error;
      return { error: "Doğrulama kodu hatalı" };
    }
  });
  return answer instanceof Response ? answer : { ...answer, setup };
}

export async function disableTwoFactor(
  services: AccountServices,
  request: Request,
  user: CurrentUser,
  clientIp: string,
  form: FormData,
): Promise<Response | FormFailure> {
  const parsed = passwordCheckSchema.safeParse(values(form));
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  return answering(services, undefined, async () => {
    if (!(await withinPasswordLimit(services, user, clientIp))) return { error: TOO_MANY };
    try {
      const { headers } = await services.auth.api.disableTwoFactor({
        body: { password: parsed.data.password },
        headers: request.headers,
        returnHeaders: true,
      });
      return await done(services, "İki adımlı doğrulama kapatıldı", cookiesOf(headers));
    } catch (error) {
      if (authError(error).code === "INVALID_PASSWORD") return { error: WRONG_PASSWORD };
      if (!isFormAnswer(error)) throw error;
      return { error: authError(error).message };
    }
  });
}

/** Ends one of the user's own sessions (another user's id matches nothing). */
export async function endSession(
  services: AccountServices,
  request: Request,
  user: CurrentUser,
  form: FormData,
): Promise<Response | FormFailure> {
  const id = String(form.get("sessionId") ?? "");
  return answering(services, undefined, async () => {
    if (id && id === (await currentSessionId(services, request)))
      return { error: "Bu oturumu kapatmak için Çıkış Yap'ı kullanın" };
    const ended = await services.database.db
      .delete(session)
      .where(and(eq(session.id, id), eq(session.userId, user.id)))
      .returning({ id: session.id });
    if (ended.length === 0) return { error: "Oturum bulunamadı" };
    return done(services, "Oturum sonlandırıldı");
  });
}

export async function endOtherSessions(
  services: AccountServices,
  request: Request,
  user: CurrentUser,
): Promise<Response | FormFailure> {
  return answering(services, undefined, async () => {
    const current = await currentSessionId(services, request);
    if (!current) return { error: "Oturum bulunamadı" };
    await services.database.db
      .delete(session)
      .where(and(eq(session.userId, user.id), ne(session.id, current)));
    return done(services, "Diğer oturumlar sonlandırıldı");
  });
}

/** Removes one of the user's own passkeys. */
export async function removePasskey(
  services: AccountServices,
  user: CurrentUser,
  form: FormData,
): Promise<Response | FormFailure> {
  const id = String(form.get("passkeyId") ?? "");
  return answering(services, undefined, async () => {
    const removed = await services.database.db
      .delete(passkey)
      .where(and(eq(passkey.id, id), eq(passkey.userId, user.id)))
      .returning({ id: passkey.id });
    if (removed.length === 0) return { error: "Geçiş anahtarı bulunamadı" };
    return done(services, "Geçiş anahtarı silindi");
  });
}
