import { createAuth } from "../../app/accounts/auth.server";
import type { CurrentUser } from "../../app/accounts/guards.server";
import type { Catalogue } from "../../app/catalogue/catalogue.server";
import { loadEnv } from "../../app/core/env.server";
import { createFlash } from "../../app/core/flash.server";
import type { ItemRef } from "../../app/core/item-changes.server";
import { createLogger } from "../../app/core/logger.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import type { LibraryServices } from "../../app/library/library-services.server";

/*
 * The services a domain's actions get, for db tests: real better-auth sessions and flash
 * cookies on the test database, a silent logger, no mail, the catalogue the test gives, and
 * every change announced kept in `announced`.
 */
export function testLibraryServices(database: DatabaseHandle, catalogue: Partial<Catalogue> = {}) {
  const announced: ItemRef[][] = [];
  const env = loadEnv({
    AUTH_SECRET: "a-test-secret-that-is-long-enough-123",
    DATA_DIR: "/tmp/perde-unused",
  });
  const logger = createLogger("silent");
  const mailer = { available: false, send: async () => undefined };
  const services = {
    env,
    logger,
    database,
    mailer,
    auth: createAuth(env, database, mailer, logger),
    flash: createFlash({ secret: env.authSecret, secure: false }),
    catalogue,
    changes: {
      changed: async (items: readonly ItemRef[]) => void announced.push([...items]),
      listen: () => undefined,
      onMissedNews: () => undefined,
    },
  } as unknown as LibraryServices;
  return { services, announced };
}

export interface SignedInPerson extends CurrentUser {
  /** A form post to `path` with the person's session cookie. */
  post: (path: string, fields: Record<string, string>) => Request;
}

/** A person signed up and signed in through better-auth. */
export async function signedInPerson(
  services: LibraryServices,
  email: string,
  name: string,
): Promise<SignedInPerson> {
  await services.auth.api.signUpEmail({ body: { email, name, password: "gizli123" } });
  const { headers, response } = await services.auth.api.signInEmail({
    body: { email, password: "gizli123" },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return {
    id: "user" in response ? response.user.id : "",
    email,
    name,
    post: (path, fields) =>
      new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
  };
}
