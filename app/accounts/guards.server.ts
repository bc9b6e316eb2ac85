import { APIError } from "better-auth/api";
import { redirect } from "react-router";
import { ServiceUnavailableError } from "~/core/failures.server";
import type { AccountServices } from "./account-services.server";
import { paths } from "~/core/paths";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
}

// Loaders of one request share the request object: the session is looked up once.
const perRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/**
 * The signed-in user, from the session cookie checked against the database; null otherwise.
 * Throws ServiceUnavailableError when the check itself fails.
 */
export function getOptionalUser(
  request: Request,
  services: AccountServices,
): Promise<CurrentUser | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = lookUpUser(request, services);
    perRequest.set(request, found);
  }
  return found;
}

async function lookUpUser(
  request: Request,
  services: AccountServices,
): Promise<CurrentUser | null> {
  if (!request.headers.get("cookie")?.includes("perde.session_token")) return null;
  try {
    const found = await services.auth.api.getSession({ headers: request.headers });
    if (!found) return null;
    return { id: found.user.id, email: found.user.email, name: found.user.name };
  } catch (error) {
    // A session that vanished while it was refreshed is simply gone.
    if (error instanceof APIError && error.status === "UNAUTHORIZED") return null;
    // Anything else (the database did not answer) says nothing about who this is: the visitor
    // is not treated as signed out (no redirect to /auth) but asked to try again.
    services.logger.warn({ err: String(error) }, "session check failed");
    throw new ServiceUnavailableError("session check failed", { cause: error });
  }
}

/** The signed-in user, or a redirect to /auth (thrown) for everyone else. */
export async function requireUser(
  request: Request,
  services: AccountServices,
): Promise<CurrentUser> {
  const user = await getOptionalUser(request, services);
  if (!user) throw redirect(paths.auth);
  return user;
}
