import type { DatabaseHandle } from "~/db/client.server";
import type { Flash } from "~/core/flash.server";
import type { Logger } from "~/core/logger.server";
import type { Auth } from "./auth.server";
import type { Mailer } from "./mailer.server";

/**
 * What the accounts domain needs from the server's services. The composition root
 * (`services.server.ts`) satisfies it; the domain never imports the root.
 */
export interface AccountServices {
  auth: Auth;
  database: DatabaseHandle;
  logger: Logger;
  mailer: Mailer;
  flash: Flash;
}
