import type { AfterSignIn } from "~/accounts/account-actions.server";
import { readPendingIntent, returnPath } from "~/core/return-path";
import { completePendingAdd } from "~/library/library-actions.server";
import type { AppServices } from "./services.server";
import { followSeries } from "~/tracking/schedule.server";

/**
 * Where every way of signing in goes on (issue #33.8): back to the page the visitor came from
 * (`donus`, checked with `returnPath`, else the dashboard), adding the title they asked to add
 * there (`istek`). The password form, its second step (two-factor) and a passkey all read it
 * here, from what the visitor's request carries: both values are hostile until checked.
 */
export function afterSignIn(
  services: AppServices,
  returnValue: unknown,
  pendingValue: unknown,
): AfterSignIn {
  const pending = readPendingIntent(pendingValue);
  return {
    returnTo: returnPath(returnValue),
    pending: pending ? String(pendingValue) : null,
    complete: pending
      ? (userId: string) =>
          completePendingAdd(services, userId, pending.item, {
            following: async (item) => {
              if (item.type === "tv") await followSeries(services, item.id);
            },
          })
      : undefined,
  };
}
