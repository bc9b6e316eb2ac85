import { createAuth } from "~/accounts/auth.server";
import type { Mailer } from "~/accounts/mailer.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { loadEnv } from "~/core/env.server";
import { createFlash } from "~/core/flash.server";
import type { ItemRef } from "~/core/item-changes.server";
import { createLogger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import type { LibraryServices } from "~/library/library-services.server";

/*
 * The services a form action needs, for db tests that call actions directly: real better-auth
 * sessions on the test database, a catalogue the test describes, a mailer that sends nothing
 * unless the test gives its own, and the announced changes kept in `announced`.
 */

export function actionServices(
  database: DatabaseHandle,
  catalogue: Partial<Catalogue>,
  mailer: Mailer = { available: false, send: async () => undefined },
) {
  const env = loadEnv({
    AUTH_SECRET: "a-test-secret-that-is-long-enough-123",
    DATA_DIR: "/tmp/perde-unused",
  });
  const logger = createLogger("silent");
  const announced: ItemRef[][] = [];
  const services = {
    env,
    logger,
    database,
    mailer,
    auth: createAuth(env, database, mailer, logger),
    flash: createFlash({ secret: env.authSecret, secure: false }),
    catalogue: catalogue as Catalogue,
    changes: {
      changed: async (items: readonly ItemRef[]) => void announced.push([...items]),
      listen: () => undefined,
      onMissedNews: () => undefined,
    },
  } as unknown as LibraryServices & { env: typeof env };
  return { services, announced };
}

export interface SignedInPerson {
  id: string;
  email: string;
  name: string;
  /** The session cookie header, for requests of other shapes. */
  cookie: string;
  /** A form POST to `path` with the person's session cookie. */
  post: (path: string, fields: Record<string, string>) => Request;
  get: (path: string) => Request;
}

/** Signs a new person up and in; their requests carry the session cookie. */
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
    cookie,
    post: (path, fields) =>
      new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
    get: (path) => new Request(`http://localhost:3000${path}`, { headers: { cookie } }),
  };
}

/** What an action answered: its data, or where it redirected. */
export function answerOf(result: unknown) {
  if (result instanceof Response) return { redirect: result.headers.get("Location") };
  return (result as { data: Record<string, unknown> }).data;
}
