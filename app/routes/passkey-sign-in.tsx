import { authenticationOptions, signInWithPasskey } from "~/accounts/passkeys.server";
import { PENDING_PARAM, RETURN_PARAM } from "~/core/return-path";
import { afterSignIn } from "~/sign-in-next.server";
import type { Route } from "./+types/passkey-sign-in";

/**
 * GET: a challenge for any passkey of this site; POST: the signed answer, which signs in and goes
 * on where the sign-in page was asked to (`?donus=`, `?istek=` on the POST's address).
 */
export function loader({ request, context: { services } }: Route.LoaderArgs) {
  return authenticationOptions(services, request);
}

export function action({ request, context: { services, clientIp } }: Route.ActionArgs) {
  const query = new URL(request.url).searchParams;
  const next = afterSignIn(services, query.get(RETURN_PARAM), query.get(PENDING_PARAM));
  return signInWithPasskey(services, request, clientIp, next);
}
