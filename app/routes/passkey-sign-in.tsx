import { authenticationOptions, signInWithPasskey } from "~/accounts/passkeys.server";
import type { Route } from "./+types/passkey-sign-in";

/** GET: a challenge for any passkey of this site; POST: the signed answer, which signs in. */
export function loader({ request, context: { services } }: Route.LoaderArgs) {
  return authenticationOptions(services, request);
}

export function action({ request, context: { services, clientIp } }: Route.ActionArgs) {
  return signInWithPasskey(services, request, clientIp);
}
