import { TRY_AGAIN_ACTION, isServiceFailure } from "~/core/failures.server";
import { answer } from "~/core/form-answer.server";
import { paths } from "~/core/paths";
import { readForm } from "~/core/read-form.server";
import { PENDING_PARAM, readPendingIntent, RETURN_PARAM, returnPath } from "~/core/return-path";
import type { AccountServices } from "./account-services.server";
import { getOptionalUser, type CurrentUser } from "./guards.server";

/*
 * A signed-in person's form (the watchlist's, the diary's, the lists', episode marks…). The
 * person is always the session's user, never a form field, and an anonymous visitor is sent to
 * sign in before the form is even read. Every answer says what really happened, and none is
 * ever a 500.
 */

/** The answer to a change that failed for no reason the person can act on. */
export const FORM_FAILED = "Bir hata oluştu";

/** A failure after the form was read: logged by kind, answered with a message, never thrown. */
function failed(services: AccountServices, form: FormData, error: unknown, message: string) {
  if (isServiceFailure(error)) {
    services.logger.warn({ err: String(error) }, "form change failed: database unavailable");
    return answer(services, form, { ok: false, message: TRY_AGAIN_ACTION });
  }
  services.logger.error({ err: error }, "form change failed");
  return answer(services, form, { ok: false, message });
}

/**
 * Runs a change for the signed-in user. An anonymous visitor is sent to sign in before the body
 * is read, and from there back to the page the form was on (the action's `?donus=`, else the
 * Referer's path, when it is a path on this site) with what was asked (the action's `?istek=`).
 * A session check or a change that fails is answered, never thrown.
 */
export async function forSignedInUser<R>(
  services: AccountServices,
  request: Request,
  change: (user: CurrentUser, form: FormData) => Promise<R>,
  failureMessage: (form: FormData) => string = () => FORM_FAILED,
) {
  let user: CurrentUser | null;
  try {
    user = await getOptionalUser(request, services);
  } catch (error) {
    return failed(services, await readForm(request), error, FORM_FAILED);
  }
  if (!user) return services.flash.redirect(signInFor(request), "error", "Lütfen giriş yapın");
  const form = await readForm(request);
  try {
    return await change(user, form);
  } catch (error) {
    return failed(services, form, error, failureMessage(form));
  }
}

/** The way to /auth for an anonymous form post: back to its page afterwards, when known. */
function signInFor(request: Request) {
  const query = new URL(request.url).searchParams;
  const back = returnPath(query.get(RETURN_PARAM)) ?? refererPath(request.headers.get("referer"));
  if (!back) return paths.auth;
  const pending = query.get(PENDING_PARAM);
  return paths.authReturningTo(back, readPendingIntent(pending) ? pending : null);
}

/** The path of the page a form was sent from, when it is one of this site's plain paths. */
function refererPath(referer: string | null) {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return returnPath(url.pathname + url.search);
  } catch {
    return null;
  }
}
