import { z } from "zod";
import { paths } from "~/core/paths";
import type { AccountServices } from "./account-services.server";
import {
  authError,
  completeAfterSignIn,
  cookiesOf,
  isFormAnswer,
  type AfterSignIn,
} from "./account-actions.server";
import type { CurrentUser } from "./guards.server";
import { allow, LIMITS, TOO_MANY } from "./rate-limit.server";
import { passkeyNameSchema } from "./schemas";

/*
 * Passkeys (WebAuthn) through better-auth's passkey plugin: the browser asks for options, lets
 * the authenticator sign the challenge, and sends the answer back; better-auth checks it. Only
 * these two steps are exposed, as our own routes with our own limits.
 */

function json(body: unknown, init: { status?: number; headers?: Headers } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(body, { status: init.status, headers });
}

/**
 * The authenticator's answer: shape checked by better-auth; here only that it is an object. A
 * body without one gets a Turkish message (zod's own is English).
 */
const NO_ANSWER = "Geçiş anahtarı doğrulanamadı";
const response = z.record(z.string(), z.unknown(), { error: NO_ANSWER });
const answerSchema = z.object({ response }, { error: NO_ANSWER });
const registrationSchema = z.object({ response, ...passkeyNameSchema.shape }, { error: NO_ANSWER });

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}

function refused(services: AccountServices, error: unknown, message: string) {
  if (!isFormAnswer(error)) throw error;
  services.logger.warn({ code: authError(error).code }, "passkey refused");
  return json({ error: message }, { status: 400 });
}

/**
 * The page to open next, with the cookies of a redirect (session, toast) but as JSON: if the
 * script's fetch followed the redirect itself, that hidden request would use up the toast.
 */
function nextPage(redirect: Response) {
  return json(
    { next: redirect.headers.get("Location") },
    { headers: withCookies(redirect.headers) },
  );
}

function withCookies(headers: Headers) {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

export async function registrationOptions(services: AccountServices, request: Request) {
  const { headers, response } = await services.auth.api.generatePasskeyRegistrationOptions({
    headers: request.headers,
    returnHeaders: true,
  });
  return json(response, { headers: withCookies(headers) });
}

export async function registerPasskey(
  services: AccountServices,
  request: Request,
  user: CurrentUser,
) {
  const body = await readJson(request);
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]!.message }, { status: 400 });
  try {
    await services.auth.api.verifyPasskeyRegistration({
      body: { response: parsed.data.response, name: parsed.data.name },
      headers: request.headers,
    });
  } catch (error) {
    return refused(services, error, "Geçiş anahtarı eklenemedi. Lütfen yeniden deneyin.");
  }
  services.logger.info({ user: user.id }, "passkey added");
  return nextPage(
    await services.flash.redirect(paths.account, "success", "Geçiş anahtarı eklendi"),
  );
}

export async function authenticationOptions(services: AccountServices, request: Request) {
  const { headers, response } = await services.auth.api.generatePasskeyAuthenticationOptions({
    headers: request.headers,
    returnHeaders: true,
  });
  return json(response, { headers: withCookies(headers) });
}

/** Sign-in with a passkey: a session like a password sign-in, limited per client like it. */
export async function signInWithPasskey(
  services: AccountServices,
  request: Request,
  clientIp: string,
  next: AfterSignIn = { returnTo: null },
) {
  const { limit, windowSeconds } = LIMITS.signInPerClient;
  if (!(await allow(services.database.db, `signin:client:${clientIp}`, limit, windowSeconds)))
    return json({ error: TOO_MANY }, { status: 429 });
  const parsed = answerSchema.safeParse(await readJson(request));
  if (!parsed.success) return json({ error: NO_ANSWER }, { status: 400 });
  try {
    const { headers, response } = await services.auth.api.verifyPasskeyAuthentication({
      // better-auth checks the answer's shape and signature.
      body: { response: parsed.data.response as never },
      headers: request.headers,
      returnHeaders: true,
    });
    const done = await completeAfterSignIn(services, response.session.userId, next);
    return nextPage(
      await services.flash.redirect(
        next.returnTo ?? paths.dashboard,
        "success",
        done ? `Giriş başarılı! ${done}` : "Giriş başarılı!",
        cookiesOf(headers),
      ),
    );
  } catch (error) {
    return refused(services, error, "Geçiş anahtarı doğrulanamadı");
  }
}
