import { registerPasskey, registrationOptions } from "~/accounts/passkeys.server";
import { requireUser } from "~/accounts/guards.server";
import type { Route } from "./+types/passkey-registration";

/** GET: options to create a passkey for the signed-in user; POST: the authenticator's answer. */
export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  await requireUser(request, services);
  return registrationOptions(services, request);
}

export async function action({ request, context: { services } }: Route.ActionArgs) {
  const user = await requireUser(request, services);
  return registerPasskey(services, request, user);
}
